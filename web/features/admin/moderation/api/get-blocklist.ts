import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Blocklist } from '@contracts/admin-moderation';
import { api } from '@web/lib/api-client';
import { moderationKeys } from './moderation-query-keys';
import { apiPaths } from '@contracts/api-paths';

export const getBlocklist = () => api<Blocklist>(apiPaths.adminBlocklist);

export const blocklistQueryOptions = () => queryOptions({ queryKey: moderationKeys.blocklist(), queryFn: getBlocklist });

export const useBlocklist = () => useQuery(blocklistQueryOptions());
