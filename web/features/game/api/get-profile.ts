import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Profile } from '@contracts/game';
import { api } from '@web/lib/api-client';
import { gameKeys } from './game-query-keys';

export const getProfile = () => api<Profile>('/api/profile');

export const profileQueryOptions = () => queryOptions({ queryKey: gameKeys.profile(), queryFn: getProfile });

export const useProfile = () => useQuery(profileQueryOptions());
