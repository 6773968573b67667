import { queryOptions } from '@tanstack/react-query';
import type { Profile } from '@contracts/game';
import { api } from '@web/lib/api-client';
import { gameKeys } from './game-query-keys';
import { apiPaths } from '@contracts/api-paths';

export const getProfile = () => api<Profile>(apiPaths.profile);

export const profileQueryOptions = () => queryOptions({ queryKey: gameKeys.profile(), queryFn: getProfile });
