import { z } from 'zod';
import {
  GUESSES_PER_CHALLENGE,
  MAX_DISPLAY_NAME_LENGTH,
  MAX_GUESS_LENGTH,
  MAX_PHONE_LENGTH,
  normalizePhoneNumber,
  PHONE_NUMBER_MESSAGE,
  PHONE_NUMBER_PATTERN,
} from './game.rules';

// ---- requests ----

export const guessInputSchema = z.object({
  guess: z
    .string({ error: 'A guess must be text' })
    .trim()
    .min(1, 'Your guess is empty')
    .max(MAX_GUESS_LENGTH, `Keep your guess to ${MAX_GUESS_LENGTH} characters`),
  /**
   * The slot this guess is for (the attempt's nextGuessNumber): a double-submit or a second tab records one
   * guess, and the other gets 409 SLOT_TAKEN.
   */
  guessNumber: z.number({ error: 'guessNumber must be 1, 2 or 3' }).int().min(1).max(GUESSES_PER_CHALLENGE),
  /**
   * A random id the client makes for this guess and sends again, unchanged, with every retry of it: when the first
   * send was stored but its answer was lost (a dropped connection, an instance that died), the retry gets the
   * stored result instead of 409 SLOT_TAKEN. Optional: without it a resend of a stored guess gets SLOT_TAKEN.
   */
  idempotencyKey: z
    .string({ error: 'idempotencyKey must be text' })
    .regex(/^[A-Za-z0-9_-]{16,64}$/, 'idempotencyKey must be 16–64 letters, digits, - or _')
    .optional(),
});
export type GuessInput = z.infer<typeof guessInputSchema>;

export const attemptIdParamsSchema = z.object({ attemptId: z.uuid({ error: 'Unknown attempt' }) });

export const profileInputSchema = z.object({
  displayName: z
    .string({ error: 'A display name must be text' })
    .trim()
    .min(1, 'Choose a display name')
    .max(MAX_DISPLAY_NAME_LENGTH, `At most ${MAX_DISPLAY_NAME_LENGTH} characters`),
  phoneNumber: z
    .string()
    .overwrite(normalizePhoneNumber)
    .max(MAX_PHONE_LENGTH, 'That phone number is too long')
    .refine((phone) => phone === '' || PHONE_NUMBER_PATTERN.test(phone), PHONE_NUMBER_MESSAGE)
    .optional(),
});
export type ProfileInput = z.infer<typeof profileInputSchema>;

// ---- responses ----

export const guessSchema = z.object({
  number: z.number().int().min(1).max(GUESSES_PER_CHALLENGE),
  text: z.string(),
  /** Percent 0–100. */
  score: z.number(),
});

/** An attempt as its owner sees it. `prompt` stays null until the attempt is complete. */
export const attemptSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  imageUrl: z.string(),
  guesses: z.array(guessSchema),
  /** 1–3 while unfinished; null once complete. */
  nextGuessNumber: z.number().int().min(1).max(GUESSES_PER_CHALLENGE).nullable(),
  finalScore: z.number().nullable(),
  completedAt: z.string().nullable(),
  prompt: z.string().nullable(),
  /** A practice challenge (the starter pack): scored for the player, never on the board or for a prize. */
  practice: z.boolean(),
  /** Finished after the results locked (or unfinished while they are locked): the score never counts. */
  afterFinalWhistle: z.boolean(),
});
export type Attempt = z.infer<typeof attemptSchema>;

export const currentAttemptResponseSchema = z.object({ attempt: attemptSchema.nullable() });
export type CurrentAttemptResponse = z.infer<typeof currentAttemptResponseSchema>;
export const startResponseSchema = z.object({ attempt: attemptSchema });
export type StartResponse = z.infer<typeof startResponseSchema>;
/**
 * The image the player's next START will show, so the phone can download it before the tap. An allow-list: only the
 * image URL (its key is random), never the challenge id or anything about the prompt.
 */
export const nextChallengeSchema = z.object({ imageUrl: z.string() });
export type NextChallenge = z.infer<typeof nextChallengeSchema>;
/** `next` is null when the event is closed, the player has no display name yet, or nothing is left for them. */
export const nextChallengeResponseSchema = z.object({ next: nextChallengeSchema.nullable() });
export type NextChallengeResponse = z.infer<typeof nextChallengeResponseSchema>;
export const guessResponseSchema = z.object({
  /** A short sentence about the score, shown as the toast title. */
  message: z.string(),
  guessNumber: z.number().int().min(1).max(GUESSES_PER_CHALLENGE),
  attempt: attemptSchema,
});
export type GuessResponse = z.infer<typeof guessResponseSchema>;
export const attemptListResponseSchema = z.object({ attempts: z.array(attemptSchema) });
export type AttemptListResponse = z.infer<typeof attemptListResponseSchema>;

export const statsSchema = z.object({
  gamesPlayed: z.number().int(),
  averageScore: z.number(),
  bestScore: z.number(),
});
export type Stats = z.infer<typeof statsSchema>;

export const profileSchema = z.object({
  displayName: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  /** From the sign-in profile (e.g. Google name) when it fits in 20 characters, else null. */
  suggestedName: z.string().nullable(),
});
export type Profile = z.infer<typeof profileSchema>;
export const generatedNameSchema = z.object({ displayName: z.string().max(MAX_DISPLAY_NAME_LENGTH) });
export type GeneratedName = z.infer<typeof generatedNameSchema>;
