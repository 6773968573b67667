// The Challenges section's fixed values: plain, no zod, so the web app can import them (zod schemas in
// admin-challenges.ts build on these).
import type { ErrorCode } from './errors.rules';

export const CHALLENGE_STATES = ['unused', 'in_play', 'played', 'disabled'] as const;
export type ChallengeState = (typeof CHALLENGE_STATES)[number];

export const GENERATION_PROVIDERS = ['openai', 'automatic1111'] as const;
export type GenerationProvider = (typeof GENERATION_PROVIDERS)[number];

export const ADMIN_CHALLENGES_PAGE_SIZE = 50;
/** Largest pack upload (bytes); the server streams it to a temporary file, never into memory. */
export const MAX_PACK_UPLOAD_BYTES = 500 * 1024 * 1024;
/** Prompts per generation run. */
export const MAX_GENERATION_PROMPTS = 500;

/** Server-Sent Event names on GET /api/admin/challenges/generation/:runId/stream. */
export const GENERATION_STREAM_EVENTS = { progress: 'progress' } as const;

/** Shown on the console while challenges of the starter pack shipped in the repo are still unplayed. */
export const STARTER_PACK_NOTICE = 'Starter pack loaded: replace it with your own';
export const REMOVE_STARTER_PACK_LABEL = 'Remove starter pack';

export const adminChallengeErrorCodes = {
  challengeNotFound: 'CHALLENGE_NOT_FOUND',
  challengeUsed: 'CHALLENGE_USED',
  packInvalid: 'PACK_INVALID',
  packTooLarge: 'PACK_TOO_LARGE',
  providerNotConfigured: 'PROVIDER_NOT_CONFIGURED',
  runNotFound: 'RUN_NOT_FOUND',
} as const satisfies Record<string, ErrorCode>;
