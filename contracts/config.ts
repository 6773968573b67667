import { z } from 'zod';

/** What the web app needs to know about the server's configuration (GET /api/config). */
export const publicConfigSchema = z.object({
  googleEnabled: z.boolean(),
  publicUrl: z.string(),
  minPasswordLength: z.number().int(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
