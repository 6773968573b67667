/** Every query key the event section uses, so its mutations invalidate exactly what they change. */
export const eventKeys = {
  all: ['admin', 'event'] as const,
  settings: () => [...eventKeys.all, 'settings'] as const,
  archives: () => [...eventKeys.all, 'archives'] as const,
  booth: () => [...eventKeys.all, 'booth'] as const,
  archive: (id: number) => [...eventKeys.all, 'archives', id] as const,
};
