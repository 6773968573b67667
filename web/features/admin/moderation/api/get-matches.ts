import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ModerationMatches } from '@contracts/admin-moderation';
import { api } from '@web/lib/api-client';
import { moderationKeys } from './moderation-query-keys';

export const getModerationMatches = () => api<ModerationMatches>('/api/admin/moderation/matches');

export const moderationMatchesQueryOptions = () => queryOptions({ queryKey: moderationKeys.matches(), queryFn: getModerationMatches });

export const useModerationMatches = () => useQuery(moderationMatchesQueryOptions());
