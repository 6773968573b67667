import { queryOptions, useQuery } from '@tanstack/react-query';
import { profileSchema } from '@contracts/game';
import { api } from '@web/lib/api-client';
import { gameKeys } from './game-query-keys';

export const getProfile = () => api('/api/profile', { schema: profileSchema });

export const profileQueryOptions = () => queryOptions({ queryKey: gameKeys.profile(), queryFn: getProfile });

export const useProfile = () => useQuery(profileQueryOptions());
