export const moderationKeys = {
  all: ['admin', 'moderation'] as const,
  blocklist: () => [...moderationKeys.all, 'blocklist'] as const,
  matches: () => [...moderationKeys.all, 'matches'] as const,
};
