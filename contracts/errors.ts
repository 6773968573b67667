import { z } from 'zod';
import { ERROR_CODES } from './errors.rules';

/** The one error body every API route sends: a stable code for code (contracts/errors.rules.ts), a sentence for people. */
export const apiErrorSchema = z.object({
  code: z.enum(ERROR_CODES),
  message: z.string(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
