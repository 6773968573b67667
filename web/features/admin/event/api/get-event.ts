import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminEvent } from '@contracts/admin-event';
import { api } from '@web/lib/api-client';
import { eventKeys } from './event-query-keys';
import { apiPaths } from '@contracts/api-paths';

export const getEvent = () => api<AdminEvent>(apiPaths.adminEvent);

export const eventQueryOptions = () => queryOptions({ queryKey: eventKeys.settings(), queryFn: getEvent });

/** The event's switches: open/closed, prompt reuse, per-player cap and pacing. */
export const useEvent = () => useQuery(eventQueryOptions());
