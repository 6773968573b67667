import { z } from 'zod';
import { MAX_DISPLAY_NAME_LENGTH } from './game.rules';
import { ADMIN_PLAYER_SORT_KEYS, ADMIN_PLAYERS_MAX_PAGE_SIZE, ADMIN_PLAYERS_PAGE_SIZE, SORT_DIRECTIONS } from './admin.rules';

// ---- requests ----

/** GET /api/admin/players: search by display name or e-mail (substring, case-insensitive), sort, paginate. */
export const adminPlayersQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  sort: z.enum(ADMIN_PLAYER_SORT_KEYS).default('signedUpAt'),
  dir: z.enum(SORT_DIRECTIONS).default('desc'),
  /** 1-based. */
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(ADMIN_PLAYERS_MAX_PAGE_SIZE).default(ADMIN_PLAYERS_PAGE_SIZE),
});
export type AdminPlayersQuery = z.infer<typeof adminPlayersQuerySchema>;

export const adminPlayerParamsSchema = z.object({ id: z.string().min(1).max(100) });

/** PATCH /api/admin/players/:id: rename (same rules as a player's own name) and/or hide from every public board. */
export const adminPlayerUpdateSchema = z
  .object({
    displayName: z
      .string({ error: 'A display name must be text' })
      .trim()
      .min(1, 'Choose a display name')
      .max(MAX_DISPLAY_NAME_LENGTH, `At most ${MAX_DISPLAY_NAME_LENGTH} characters`)
      .optional(),
    hidden: z.boolean().optional(),
  })
  .refine((body) => body.displayName !== undefined || body.hidden !== undefined, {
    message: 'Nothing to change: send displayName and/or hidden',
  });
export type AdminPlayerUpdate = z.infer<typeof adminPlayerUpdateSchema>;

// ---- responses ----

/** One row of the organizer's players table. Times are ISO 8601 strings. */
export const adminPlayerSchema = z.object({
  id: z.string(),
  displayName: z.string().nullable(),
  email: z.string(),
  phone: z.string().nullable(),
  role: z.enum(['player', 'organizer']),
  emailVerified: z.boolean(),
  hidden: z.boolean(),
  /** Final score of the player's most recently completed challenge (any time), percent with one decimal. */
  latestScore: z.number().nullable(),
  /**
   * Why that latest score counts for no prize, if it does not: 'practice' (the public starter pack, while the organizer
   * does not count it) or 'after-final-whistle' (completed after the results locked).
   */
  latestNotCounted: z.enum(['practice', 'after-final-whistle']).nullable(),
  /** Rank on the current public board (null: no entry, hidden, or no display name). */
  rank: z.number().int().nullable(),
  /** What breaks a tie on the board (null without a rank): the guess that reached the entry's score… */
  boardGuessesUsed: z.number().int().nullable(),
  /** …and thinking time in seconds (time to that guess less typing), one decimal. */
  boardThinkingSeconds: z.number().nullable(),
  /** Every challenge the player started. */
  gamesPlayed: z.number().int(),
  signedUpAt: z.string(),
  /** Latest session activity (sign-in or session refresh), null when never signed in. */
  lastSeenAt: z.string().nullable(),
});
export type AdminPlayer = z.infer<typeof adminPlayerSchema>;

export const adminPlayersResponseSchema = z.object({
  players: z.array(adminPlayerSchema),
  /** Players matching the search (all pages). */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminPlayersResponse = z.infer<typeof adminPlayersResponseSchema>;

export const adminPlayerResponseSchema = z.object({ player: adminPlayerSchema });
export type AdminPlayerResponse = z.infer<typeof adminPlayerResponseSchema>;

/** DELETE /api/admin/players/:id */
export const adminPlayerDeletedSchema = z.object({ deleted: z.literal(true), id: z.string() });
export type AdminPlayerDeleted = z.infer<typeof adminPlayerDeletedSchema>;
