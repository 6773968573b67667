import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ArchiveListResponse } from '@contracts/admin-leaderboard';
import { api } from '@web/lib/api-client';
import { eventKeys } from './event-query-keys';
import { apiPaths } from '@contracts/api-paths';

export const getArchives = () => api<ArchiveListResponse>(apiPaths.adminArchives);

export const archivesQueryOptions = () => queryOptions({ queryKey: eventKeys.archives(), queryFn: getArchives });

/** Archived boards, newest first. */
export const useArchives = () => useQuery(archivesQueryOptions());
