// Moderation limits as plain values (no zod), so the console can import them without shipping zod.

export const MAX_BLOCKLIST_TERMS = 2000;
export const MAX_BLOCKLIST_TERM_LENGTH = 60;

/** Why a public text was flagged: the reason, never the matched word. */
export const moderationReasons = ['invisible-characters', 'no-visible-letters', 'link', 'offensive', 'blocked'] as const;
