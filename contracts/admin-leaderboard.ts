import { z } from 'zod';
import { WINNERS_DEFAULT_TOP, WINNERS_MAX_TOP } from './admin.rules';
import { boothDisplaySchema } from './leaderboard';
import { BOARD_COUNTS, BOOTH_COUNTDOWN_MAX_HOURS, BOOTH_MESSAGE_MAX_LENGTH, PODIUM_SIZE } from './leaderboard.rules';

/** GET /api/admin/winners.csv?top=N[&archive=id]: the current board's top N, or an archived board's. */
export const winnersQuerySchema = z.object({
  top: z.coerce.number().int().min(1).max(WINNERS_MAX_TOP).default(WINNERS_DEFAULT_TOP),
  archive: z.coerce.number().int().min(1).optional(),
});
export type WinnersQuery = z.infer<typeof winnersQuerySchema>;

/**
 * The header row of winners.csv, in order. A tie on score is broken by 'guesses used', then 'thinking seconds' (time
 * to the best guess less typing), then 'completed at': all three are columns, so every tie can be explained.
 */
export const WINNERS_CSV_COLUMNS = [
  'rank',
  'display name',
  'score',
  'guesses used',
  'thinking seconds',
  'e-mail',
  'phone',
  'completed at',
] as const;

/** GET /api/admin/leaderboard/board-counts-preview?boardCounts=best: what switching which game counts would do. */
export const boardCountsPreviewQuerySchema = z.object({ boardCounts: z.enum(BOARD_COUNTS) });
export type BoardCountsPreviewQuery = z.infer<typeof boardCountsPreviewQuerySchema>;

export const boardCountsPreviewResponseSchema = z.object({
  /** The setting previewed, and the one in force. */
  boardCounts: z.enum(BOARD_COUNTS),
  current: z.enum(BOARD_COUNTS),
  /** Players on the board (the same under either setting: one entry per player who finished a game). */
  players: z.number().int(),
  /** Players whose rank would change. */
  ranksChanged: z.number().int(),
  /** Players whose board score would change. */
  scoresChanged: z.number().int(),
  /** Who would be #1 (null on an empty board), and whether that differs from now. */
  leader: z.string().nullable(),
  leaderChanges: z.boolean(),
});
export type BoardCountsPreview = z.infer<typeof boardCountsPreviewResponseSchema>;

export const archiveParamsSchema = z.object({ id: z.coerce.number().int().min(1) });

/** POST /api/admin/leaderboard/reset: optional label for the archive ("Tuesday morning"). */
export const leaderboardResetSchema = z.object({ label: z.string().trim().max(80).optional() }).default({});
export type LeaderboardReset = z.infer<typeof leaderboardResetSchema>;

export const archiveSummarySchema = z.object({
  id: z.number().int(),
  label: z.string().nullable(),
  archivedAt: z.string(),
  /** The board covered challenges completed after this … */
  since: z.string(),
  /** … up to archivedAt. */
  entryCount: z.number().int(),
});
export type ArchiveSummary = z.infer<typeof archiveSummarySchema>;

export const archiveEntrySchema = z.object({
  rank: z.number().int(),
  displayName: z.string(),
  score: z.number(),
  /** What broke a tie (null in boards archived before they were kept). */
  guessesUsed: z.number().int().nullable(),
  thinkingSeconds: z.number().nullable(),
  completedAt: z.string(),
});
export type ArchiveEntry = z.infer<typeof archiveEntrySchema>;

export const leaderboardResetResponseSchema = z.object({ archive: archiveSummarySchema });
export type LeaderboardResetResponse = z.infer<typeof leaderboardResetResponseSchema>;

/** GET /api/admin/leaderboard/archives, newest first. */
export const archiveListResponseSchema = z.object({ archives: z.array(archiveSummarySchema) });
export type ArchiveListResponse = z.infer<typeof archiveListResponseSchema>;

/** GET /api/admin/leaderboard/archives/:id */
export const archiveResponseSchema = z.object({ archive: archiveSummarySchema.extend({ entries: z.array(archiveEntrySchema) }) });
export type ArchiveResponse = z.infer<typeof archiveResponseSchema>;

/** GET/PUT /api/admin/booth: what every open booth screen shows. */
export const boothDisplayResponseSchema = z.object({ booth: boothDisplaySchema });
export type BoothDisplayResponse = z.infer<typeof boothDisplayResponseSchema>;

/** PUT /api/admin/booth: the mode, and what that mode needs. */
export const boothDisplayUpdateSchema = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('board') }),
  z.object({
    mode: z.literal('countdown'),
    countdownTo: z.iso
      .datetime({ offset: true, error: 'Give the end as a date and time' })
      .refine((value) => Date.parse(value) > Date.now(), 'The countdown must end in the future')
      .refine(
        (value) => Date.parse(value) <= Date.now() + BOOTH_COUNTDOWN_MAX_HOURS * 3_600_000,
        `The countdown must end within ${BOOTH_COUNTDOWN_MAX_HOURS} hours`,
      ),
  }),
  z.object({ mode: z.literal('podium'), podiumRevealed: z.number().int().min(0).max(PODIUM_SIZE).default(0) }),
  z.object({
    mode: z.literal('message'),
    message: z
      .string({ error: 'A message must be text' })
      .transform((value) => value.replace(/\s+/g, ' ').trim())
      .pipe(
        z
          .string()
          .min(1, 'Write the message to show')
          .max(BOOTH_MESSAGE_MAX_LENGTH, `Keep the message to ${BOOTH_MESSAGE_MAX_LENGTH} characters`),
      ),
  }),
]);
export type BoothDisplayUpdate = z.input<typeof boothDisplayUpdateSchema>;
