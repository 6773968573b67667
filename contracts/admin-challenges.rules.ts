// The Challenges section's fixed values: plain, no zod, so the web app can import them (zod schemas in
// admin-challenges.ts build on these).
import type { ErrorCode } from './errors.rules';

export const CHALLENGE_STATES = ['unused', 'in_play', 'played', 'disabled'] as const;
export type ChallengeState = (typeof CHALLENGE_STATES)[number];

export const GENERATION_PROVIDERS = ['openai', 'automatic1111'] as const;
export type GenerationProvider = (typeof GENERATION_PROVIDERS)[number];

export const ADMIN_CHALLENGES_PAGE_SIZE = 50;
/** Prompts per generation run: a keynote's few hundred players in one run. */
export const MAX_GENERATION_PROMPTS = 1000;

/** A generated image's review: approved (playable) or rejected (never reaches a player). */
export const GENERATION_REVIEWS = ['approved', 'rejected'] as const;
/** What the review grid does to an image: regenerate queues its prompt again (the old image never reaches a player). */
export const REVIEW_DECISIONS = ['approve', 'reject', 'regenerate'] as const;
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];
/** Seconds per image assumed before a provider has a measured run. */
export const DEFAULT_SECONDS_PER_IMAGE = { openai: 20, automatic1111: 8 } as const;

/** Themes the prompt composer has curated vocabularies for (server/challenges/compose/). */
export const COMPOSE_THEMES = ['space', 'food', 'animals', 'ocean', 'city', 'fantasy', 'sports', 'music'] as const;
export type ComposeTheme = (typeof COMPOSE_THEMES)[number];
export const MAX_COMPOSE_COUNT = 1000;

/** What a prompt check flags (server/challenges/prompt-check.ts). */
export const PROMPT_FLAG_KINDS = ['near_duplicate', 'too_short', 'too_generic', 'difficulty_outlier'] as const;
export type PromptFlagKind = (typeof PROMPT_FLAG_KINDS)[number];
/** Challenges one bulk request may disable or enable. */
export const MAX_BULK_CHALLENGES = 1000;

/** Server-Sent Event names on GET /api/admin/challenges/generation/:runId/stream. */
export const GENERATION_STREAM_EVENTS = { progress: 'progress' } as const;

/**
 * A challenge whose difficulty estimate (mean score of short, natural descriptions of its prompt) is below this is
 * flagged as hard to score: a good short description cannot score on the image.
 */
export const HARD_TO_SCORE_BELOW = 40;
export const HARD_TO_SCORE_LABEL = 'Hard to score';

/** Shown on the console while challenges of the starter pack shipped in the repo can still be handed out. */
export const STARTER_PACK_NOTICE = 'Starter pack loaded: replace it with your own';
export const REMOVE_STARTER_PACK_LABEL = 'Retire starter pack';
/** The label a practice game (the starter pack, not counted for prizes) carries wherever it shows. */
export const PRACTICE_LABEL = 'Practice';

export const adminChallengeErrorCodes = {
  challengeNotFound: 'CHALLENGE_NOT_FOUND',
  challengeUsed: 'CHALLENGE_USED',
  packInvalid: 'PACK_INVALID',
  packTooLarge: 'PACK_TOO_LARGE',
  providerNotConfigured: 'PROVIDER_NOT_CONFIGURED',
  runNotFound: 'RUN_NOT_FOUND',
} as const satisfies Record<string, ErrorCode>;
