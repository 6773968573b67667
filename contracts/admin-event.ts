import { z } from 'zod';

/** GET /api/admin/event: the organizer's switches for the running event. Times are ISO 8601 strings. */
export const adminEventSchema = z.object({
  isOpen: z.boolean(),
  /** A prompt may be handed to several players (never twice to the same player). */
  allowPromptReuse: z.boolean(),
  /** New challenges one player may start during the event (null = no cap). */
  maxChallengesPerPlayer: z.number().int().nullable(),
  /** Seconds a player must wait between starting two challenges (0 = no wait). */
  minSecondsBetweenChallenges: z.number().int(),
  /** The current board counts challenges completed after this (the last reset). */
  leaderboardSince: z.string(),
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
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), { message: 'Nothing to change' });
export type AdminEventUpdate = z.infer<typeof adminEventUpdateSchema>;
