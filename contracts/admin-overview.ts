import { z } from 'zod';

export const overviewWarningSchema = z.object({
  /** One of OVERVIEW_WARNING_CODES. */
  code: z.string(),
  severity: z.enum(['critical', 'warning']),
  message: z.string(),
});
export type OverviewWarning = z.infer<typeof overviewWarningSchema>;

/**
 * GET /api/admin/overview, and the `overview` event of GET /api/admin/stream (same body). Times are ISO 8601.
 * The histogram and the top 3 are of the current board (since the last reset).
 */
export const adminOverviewSchema = z.object({
  generatedAt: z.string(),
  playersSignedUp: z.number().int(),
  gamesStarted: z.number().int(),
  gamesCompleted: z.number().int(),
  guessesLast5Minutes: z.number().int(),
  challenges: z.object({
    total: z.number().int(),
    disabled: z.number().int(),
    /** Never handed out and not disabled. */
    unused: z.number().int(),
    /** What new starts can still draw from: `claimable`, or every enabled challenge when prompt reuse is on. */
    available: z.number().int(),
    /** What START hands out without reuse (unused, plus prompts whose claim went idle): players still served. */
    claimable: z.number().int(),
    claimedLast10Minutes: z.number().int(),
    /** At the last 10 minutes' rate of starts, minutes until `claimable` is 0; null when nobody started lately. */
    minutesUntilEmpty: z.number().int().nullable(),
  }),
  event: z.object({ isOpen: z.boolean(), allowPromptReuse: z.boolean() }),
  top: z.array(z.object({ rank: z.number().int(), displayName: z.string(), score: z.number() })),
  /** 10 buckets [from, to) of 10 points each (the last includes 100): players' current board scores. */
  scoreHistogram: z.array(z.object({ from: z.number(), to: z.number(), count: z.number().int() })),
  /** Games started and completed per 10 minutes, oldest first, from the first game of the event (at most 24 h). */
  gamesPer10Minutes: z.array(z.object({ start: z.string(), started: z.number().int(), completed: z.number().int() })),
  warnings: z.array(overviewWarningSchema),
});
export type AdminOverview = z.infer<typeof adminOverviewSchema>;
