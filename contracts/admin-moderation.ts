import { z } from 'zod';

import { MAX_BLOCKLIST_TERM_LENGTH, MAX_BLOCKLIST_TERMS, moderationReasons } from './admin-moderation.rules';

/** The organizer's blocklist: words refused in display names and the champion's strategy (never sent to players). */

export const blocklistSchema = z.object({ terms: z.array(z.string()) });
export type Blocklist = z.infer<typeof blocklistSchema>;

export const blocklistInputSchema = z.object({
  terms: z
    .array(
      z
        .string({ error: 'A term must be text' })
        .trim()
        .min(1, 'A term cannot be empty')
        .max(MAX_BLOCKLIST_TERM_LENGTH, `Keep each term to ${MAX_BLOCKLIST_TERM_LENGTH} characters`)
        .regex(/[\p{L}\p{N}\p{S}]/u, 'A term needs letters, digits or a symbol'),
    )
    .max(MAX_BLOCKLIST_TERMS, `At most ${MAX_BLOCKLIST_TERMS} terms`),
});
export type BlocklistInput = z.infer<typeof blocklistInputSchema>;

export const moderationMatchSchema = z.object({
  playerId: z.string(),
  displayName: z.string().nullable(),
  /** Which public text matched. */
  field: z.enum(['displayName', 'strategy']),
  text: z.string(),
  reason: z.enum(moderationReasons),
  hidden: z.boolean(),
});
export type ModerationMatch = z.infer<typeof moderationMatchSchema>;

export const moderationMatchesSchema = z.object({ matches: z.array(moderationMatchSchema), scanned: z.number().int() });
export type ModerationMatches = z.infer<typeof moderationMatchesSchema>;
