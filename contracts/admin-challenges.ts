import { z } from 'zod';
import {
  ADMIN_CHALLENGES_PAGE_SIZE,
  CHALLENGE_STATES,
  COMPOSE_THEMES,
  GENERATION_PROVIDERS,
  MAX_BULK_CHALLENGES,
  MAX_COMPOSE_COUNT,
  MAX_GENERATION_PROMPTS,
  GENERATION_REVIEWS,
  PROMPT_FLAG_KINDS,
  REVIEW_DECISIONS,
} from './admin-challenges.rules';
import { apiErrorSchema } from './errors';

/** GET /api/admin/challenges */
export const adminChallengesQuerySchema = z.object({
  state: z.enum(CHALLENGE_STATES).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(ADMIN_CHALLENGES_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type AdminChallengesQuery = z.infer<typeof adminChallengesQuerySchema>;

export const adminChallengeSchema = z.object({
  id: z.string().uuid(),
  imageUrl: z.string(),
  /** Organizers may see prompts. */
  prompt: z.string(),
  /** 'pack.zip:images/001.png', 'generated:openai', … */
  source: z.string().nullable(),
  /** Practice (the public starter pack): labelled so; counts for prizes only if the organizer says so. */
  practice: z.boolean(),
  state: z.enum(CHALLENGE_STATES),
  timesPlayed: z.number().int(),
  /** Mean final score of completed games on this image; null before the first one. */
  averageScore: z.number().nullable(),
  /**
   * How well short, natural descriptions of the prompt score on it (0..100, higher is easier); null for challenges
   * stored before the estimate existed.
   */
  difficulty: z.number().nullable(),
  /** A good short description cannot score on this image (difficulty below HARD_TO_SCORE_BELOW). */
  hardToScore: z.boolean(),
  createdAt: z.string(),
});
export type AdminChallenge = z.infer<typeof adminChallengeSchema>;

export const adminChallengesResponseSchema = z.object({
  challenges: z.array(adminChallengeSchema),
  /** Rows matching the filter. */
  total: z.number().int(),
});
export type AdminChallengesResponse = z.infer<typeof adminChallengesResponseSchema>;

export const challengeIdParamsSchema = z.object({ id: z.string().uuid() });

/** PATCH /api/admin/challenges/:id */
export const updateChallengeSchema = z.object({ disabled: z.boolean() }).strict();

/** PATCH /api/admin/challenges (bulk): disable or enable these challenges at once. */
export const bulkUpdateChallengesSchema = z
  .object({ ids: z.array(z.string().uuid()).min(1).max(MAX_BULK_CHALLENGES), disabled: z.boolean() })
  .strict();
export const bulkUpdateResultSchema = z.object({ updated: z.number().int() });

/** One finding of a prompt check: a near-duplicate pair (both prompts named), a short, generic or outlier prompt. */
export const promptFlagSchema = z.object({
  kind: z.enum(PROMPT_FLAG_KINDS),
  prompt: z.string(),
  /** The other prompt of a near-duplicate pair. */
  other: z.string().optional(),
  /** The pair's similarity (near duplicates), word count (too short) or difficulty (outliers). */
  value: z.number().optional(),
  message: z.string(),
  /** In the pool check: the challenges the prompts belong to (one-click disable). */
  challengeId: z.string().uuid().optional(),
  otherChallengeId: z.string().uuid().optional(),
});
export type PromptFlag = z.infer<typeof promptFlagSchema>;

/** GET /api/admin/challenges/check: the whole pool (enabled challenges) checked. */
export const poolCheckSchema = z.object({ checked: z.number().int(), flags: z.array(promptFlagSchema) });
export type PoolCheck = z.infer<typeof poolCheckSchema>;

/** POST /api/admin/challenges/check: prompts not in the pool yet (a draft), checked against each other and the pool. */
export const checkPromptsSchema = z
  .object({ prompts: z.array(z.string().trim().min(1).max(500)).min(1).max(MAX_GENERATION_PROMPTS) })
  .strict();
export const checkPromptsResultSchema = z.object({ flags: z.array(promptFlagSchema) });

/** POST /api/admin/challenges/compose */
export const composePromptsSchema = z
  .object({
    count: z.number().int().min(1).max(MAX_COMPOSE_COUNT),
    themes: z.array(z.enum(COMPOSE_THEMES)).max(COMPOSE_THEMES.length).default([]),
    seed: z
      .number()
      .int()
      .min(0)
      .max(2 ** 31 - 1)
      .optional(),
  })
  .strict();
export type ComposePrompts = z.infer<typeof composePromptsSchema>;
export const composeResultSchema = z.object({
  prompts: z.array(z.string()),
  /** Give it back to compose the same prompts again. */
  seed: z.number().int(),
  /** Candidates dropped as near-duplicates (of each other or of the pool). */
  rejected: z.number().int(),
});
export type ComposeResult = z.infer<typeof composeResultSchema>;

/** GET /api/admin/challenges/health */
export const poolHealthSchema = z.object({
  total: z.number().int(),
  /** Never handed out and not disabled. */
  unused: z.number().int(),
  /** What START hands out without reuse (unused, plus prompts whose claim went idle): players still served. */
  claimable: z.number().int(),
  /** Starts in the last `rateWindowMinutes` minutes: the rate `minutesLeft` projects from. */
  recentStarts: z.number().int(),
  rateWindowMinutes: z.number().int(),
  inPlay: z.number().int(),
  played: z.number().int(),
  disabled: z.number().int(),
  /** Prompts handed out for the first time in the last hour. */
  usedLastHour: z.number().int(),
  /** At the recent rate of starts, minutes until nothing is claimable; null when nobody started lately. */
  minutesLeft: z.number().nullable(),
  allowPromptReuse: z.boolean(),
  /**
   * Challenges from the starter pack shipped in the repo (practice: their prompts are public): all of them, those
   * still handed out (not retired) and those nobody has got yet.
   */
  starterPack: z.object({ total: z.number().int(), active: z.number().int(), unplayed: z.number().int() }),
});
export type PoolHealth = z.infer<typeof poolHealthSchema>;

/**
 * DELETE /api/admin/challenges/starter-pack ("Retire starter pack"): the unplayed starter challenges go, played ones are
 * retired (disabled: never handed out again) and stay for their players' history.
 */
export const removeStarterPackResultSchema = z.object({ removed: z.number().int(), retired: z.number().int() });
export type RemoveStarterPackResult = z.infer<typeof removeStarterPackResultSchema>;

/** POST /api/admin/challenges/import (body: the .zip itself, application/zip) */
export const importResultSchema = z.object({
  total: z.number().int(),
  imported: z.number().int(),
  skipped: z.number().int(),
  /** Imported challenges on which a good short description cannot score, with their difficulty estimate. */
  hardToScore: z.array(z.object({ prompt: z.string(), difficulty: z.number() })),
  /** What the prompt check found in the pack's prompts (against each other and the pool): imported, worth a look. */
  flags: z.array(promptFlagSchema).default([]),
});
export type ImportResult = z.infer<typeof importResultSchema>;
/** A refused pack: every problem, nothing imported. */
export const packErrorSchema = apiErrorSchema.extend({ problems: z.array(z.string()) });
export type PackError = z.infer<typeof packErrorSchema>;

/** POST /api/admin/challenges/generation */
export const startGenerationSchema = z.object({
  provider: z.enum(GENERATION_PROVIDERS),
  prompts: z.array(z.string().trim().min(1).max(500)).min(1).max(MAX_GENERATION_PROMPTS),
  /**
   * The run's challenges join the pool disabled and reach players only once approved in the review grid (default): a
   * rejected image never reaches a player. false: playable as soon as generated.
   */
  holdForReview: z.boolean().default(true),
});
export type StartGeneration = z.input<typeof startGenerationSchema>;

export const generationItemSchema = z.object({
  id: z.string().uuid(),
  position: z.number().int(),
  prompt: z.string(),
  status: z.enum(['queued', 'running', 'generated', 'failed']),
  error: z.string().nullable(),
  imageUrl: z.string().nullable(),
  /** The organizer's review of the image: null until reviewed. */
  review: z.enum(GENERATION_REVIEWS).nullable(),
});
export type GenerationItem = z.infer<typeof generationItemSchema>;

export const generationRunSchema = z.object({
  id: z.string().uuid(),
  provider: z.enum(GENERATION_PROVIDERS),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  done: z.number().int(),
  failed: z.number().int(),
  left: z.number().int(),
  holdForReview: z.boolean(),
  /** Generated images not reviewed yet. */
  toReview: z.number().int(),
  items: z.array(generationItemSchema),
});
export type GenerationRun = z.infer<typeof generationRunSchema>;

export const runIdParamsSchema = z.object({ runId: z.string().uuid() });

/** GET /api/admin/challenges/generation: which providers are configured, and recent runs. */
export const generationOverviewSchema = z.object({
  providers: z.array(
    z.object({
      id: z.enum(GENERATION_PROVIDERS),
      label: z.string(),
      configured: z.boolean(),
      /** For the estimate before a run: the configured price of one image, and seconds per image (measured on recent runs when there are some). */
      pricePerImageUsd: z.number(),
      secondsPerImage: z.number(),
    }),
  ),
  /** Images this deployment generates at once, per instance. */
  concurrency: z.number().int(),
  runs: z.array(generationRunSchema.omit({ items: true })),
});
export type GenerationOverview = z.infer<typeof generationOverviewSchema>;

/** POST /api/admin/challenges/generation/:runId/review: the review grid's decision on some of a run's images. */
export const reviewGenerationSchema = z
  .object({ itemIds: z.array(z.string().uuid()).min(1).max(MAX_GENERATION_PROMPTS), decision: z.enum(REVIEW_DECISIONS) })
  .strict();
export type ReviewGeneration = z.infer<typeof reviewGenerationSchema>;
export const reviewResultSchema = z.object({ updated: z.number().int() });
