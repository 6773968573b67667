import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '@contracts/config';
import { api } from '@web/lib/api-client';
import { apiPaths } from '@contracts/api-paths';

export const getPublicConfig = () => api<PublicConfig>(apiPaths.config);

export const publicConfigQueryOptions = () => queryOptions({ queryKey: ['config'], queryFn: getPublicConfig, staleTime: Infinity });

/** What the server offers (is Google sign-in configured?). */
export const usePublicConfig = () => useQuery(publicConfigQueryOptions());
