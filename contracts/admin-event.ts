import { z } from 'zod';
import { BOARD_COUNTS } from './leaderboard.rules';

/** Whether the runtime knows `name` as an IANA time zone. */
export function isTimeZone(name: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** GET /api/admin/event: the organizer's switches for the running event. Times are ISO 8601 strings. */
export const adminEventSchema = z.object({
  isOpen: z.boolean(),
  /** A prompt may be handed to several players (never twice to the same player). */
  allowPromptReuse: z.boolean(),
  /** New challenges one player may start during the event (null = no cap). */
  maxChallengesPerPlayer: z.number().int().nullable(),
  /** Seconds a player must wait between starting two challenges (0 = no wait). */
  minSecondsBetweenChallenges: z.number().int(),
  /** Which of a player's games holds their board entry: the latest (default) or the best. */
  boardCounts: z.enum(BOARD_COUNTS),
  /**
   * Players may start before confirming their e-mail (off by default): their scores stay off every public screen and
   * the winners' export until they confirm, and an account never confirmed is deleted after 24 h.
   */
  playBeforeConfirming: z.boolean(),
  /** The event's IANA time zone, set by the organizer (null: the server's, `serverTimeZone`); exports write times in it. */
  timeZone: z.string().nullable(),
  serverTimeZone: z.string(),
  /** The current board counts challenges completed after this (the last reset). */
  leaderboardSince: z.string(),
  /**
   * The final whistle (ISO 8601): games completed later never count. Set by "Lock results now" or by a booth countdown
   * (its end: still in the future while it runs); null while results are open.
   */
  resultsLockedAt: z.string().nullable(),
  /** Practice challenges (the starter pack) count for the board and prizes (off by default). */
  practiceCounts: z.boolean(),
  updatedAt: z.string(),
});
export type AdminEvent = z.infer<typeof adminEventSchema>;

/** PATCH /api/admin/event: any subset of the switches. */
export const adminEventUpdateSchema = z
  .object({
    isOpen: z.boolean().optional(),
    allowPromptReuse: z.boolean().optional(),
    maxChallengesPerPlayer: z.number().int().min(1).max(10_000).nullable().optional(),
    minSecondsBetweenChallenges: z.number().int().min(0).max(86_400).optional(),
    boardCounts: z.enum(BOARD_COUNTS).optional(),
    playBeforeConfirming: z.boolean().optional(),
    practiceCounts: z.boolean().optional(),
    /** An IANA time zone ("Europe/Berlin"), or null for the server's. */
    timeZone: z.string().trim().max(64).refine(isTimeZone, 'Not a time zone: use a name such as Europe/Berlin').nullable().optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), { message: 'Nothing to change' });
export type AdminEventUpdate = z.infer<typeof adminEventUpdateSchema>;
