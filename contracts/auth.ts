import { z } from 'zod';

export const proofOfWorkChallengeSchema = z.object({
  algorithm: z.string(),
  challenge: z.string(),
  maxnumber: z.number().int().optional(),
  salt: z.string(),
  signature: z.string(),
});

/** GET /api/proof-of-work (see auth.rules.ts). */
export const proofOfWorkStatusSchema = z.object({
  required: z.boolean(),
  challenge: proofOfWorkChallengeSchema.nullable(),
});
