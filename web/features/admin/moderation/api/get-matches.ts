import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ModerationMatches } from '@contracts/admin-moderation';
import { api } from '@web/lib/api-client';
import { moderationKeys } from './moderation-query-keys';
import { apiPaths } from '@contracts/api-paths';

export const getModerationMatches = () => api<ModerationMatches>(apiPaths.adminModerationMatches);

export const moderationMatchesQueryOptions = () => queryOptions({ queryKey: moderationKeys.matches(), queryFn: getModerationMatches });

export const useModerationMatches = () => useQuery(moderationMatchesQueryOptions());
