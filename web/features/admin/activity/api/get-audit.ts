import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditResponse } from '@contracts/admin-audit';
import { api } from '@web/lib/api-client';
import { apiPaths, withQuery } from '@contracts/api-paths';

export const activityKeys = { page: (page: number) => ['admin', 'audit', page] as const };

export const getAudit = (page: number, signal?: AbortSignal) => api<AuditResponse>(withQuery(apiPaths.adminAudit, { page }), { signal });

export const auditQueryOptions = (page: number) =>
  queryOptions({ queryKey: activityKeys.page(page), queryFn: ({ signal }) => getAudit(page, signal), placeholderData: keepPreviousData });

/** One page of the audit log, newest first. */
export const useAudit = (page: number) => useQuery(auditQueryOptions(page));
