import { queryOptions, useQuery } from '@tanstack/react-query';
import { publicConfigSchema } from '@contracts/config';
import { api } from '@web/lib/api-client';

export const getPublicConfig = () => api('/api/config', { schema: publicConfigSchema });

export const publicConfigQueryOptions = () =>
  queryOptions({ queryKey: ['config'], queryFn: getPublicConfig, staleTime: Infinity });

/** What the server offers (is Google sign-in configured?). */
export const usePublicConfig = () => useQuery(publicConfigQueryOptions());
