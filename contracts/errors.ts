import { z } from 'zod';

/** The one error body every API route sends: a stable code for code, a sentence for people. */
export const apiErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
