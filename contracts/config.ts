import { z } from 'zod';

/** What the web app needs to know about the server's configuration (GET /api/config). */
export const publicConfigSchema = z.object({
  googleEnabled: z.boolean(),
  publicUrl: z.string(),
  minPasswordLength: z.number().int(),
  /** False while an organizer has closed the event: landing and /play say so, new challenges are refused. */
  eventOpen: z.boolean(),
  /** False while no challenge was ever loaded: landing and /play say the game is not ready yet, before anyone signs up. */
  poolReady: z.boolean(),
  /** The final whistle (ISO 8601; may lie ahead while a countdown runs), null while results are open: games finished later never count. */
  resultsLockedAt: z.string().nullable(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
