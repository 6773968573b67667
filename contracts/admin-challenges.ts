import { z } from 'zod';
import { ADMIN_CHALLENGES_PAGE_SIZE, CHALLENGE_STATES, GENERATION_PROVIDERS, MAX_GENERATION_PROMPTS } from './admin-challenges.rules';
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
  state: z.enum(CHALLENGE_STATES),
  timesPlayed: z.number().int(),
  /** Mean final score of completed games on this image; null before the first one. */
  averageScore: z.number().nullable(),
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

/** GET /api/admin/challenges/health */
export const poolHealthSchema = z.object({
  total: z.number().int(),
  /** Never handed out and not disabled: what new players can still get. */
  unused: z.number().int(),
  inPlay: z.number().int(),
  played: z.number().int(),
  disabled: z.number().int(),
  /** Prompts handed out for the first time in the last hour. */
  usedLastHour: z.number().int(),
  /** At the last hour's rate, minutes until no unused prompt is left; null when nothing was used in the last hour. */
  minutesLeft: z.number().nullable(),
  allowPromptReuse: z.boolean(),
  /** Challenges from the starter pack shipped in the repo: all of them, and those nobody has got yet (removable). */
  starterPack: z.object({ total: z.number().int(), unplayed: z.number().int() }),
});
export type PoolHealth = z.infer<typeof poolHealthSchema>;

/** DELETE /api/admin/challenges/starter-pack: the unplayed starter challenges go, played ones stay for history. */
export const removeStarterPackResultSchema = z.object({ removed: z.number().int(), kept: z.number().int() });
export type RemoveStarterPackResult = z.infer<typeof removeStarterPackResultSchema>;

/** POST /api/admin/challenges/import (body: the .zip itself, application/zip) */
export const importResultSchema = z.object({ total: z.number().int(), imported: z.number().int(), skipped: z.number().int() });
export type ImportResult = z.infer<typeof importResultSchema>;
/** A refused pack: every problem, nothing imported. */
export const packErrorSchema = apiErrorSchema.extend({ problems: z.array(z.string()) });
export type PackError = z.infer<typeof packErrorSchema>;

/** POST /api/admin/challenges/generation */
export const startGenerationSchema = z.object({
  provider: z.enum(GENERATION_PROVIDERS),
  prompts: z.array(z.string().trim().min(1).max(500)).min(1).max(MAX_GENERATION_PROMPTS),
});
export type StartGeneration = z.infer<typeof startGenerationSchema>;

export const generationItemSchema = z.object({
  id: z.string().uuid(),
  position: z.number().int(),
  prompt: z.string(),
  status: z.enum(['queued', 'running', 'generated', 'failed']),
  error: z.string().nullable(),
  imageUrl: z.string().nullable(),
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
  items: z.array(generationItemSchema),
});
export type GenerationRun = z.infer<typeof generationRunSchema>;

export const runIdParamsSchema = z.object({ runId: z.string().uuid() });

/** GET /api/admin/challenges/generation: which providers are configured, and recent runs. */
export const generationOverviewSchema = z.object({
  providers: z.array(z.object({ id: z.enum(GENERATION_PROVIDERS), label: z.string(), configured: z.boolean() })),
  runs: z.array(generationRunSchema.omit({ items: true })),
});
export type GenerationOverview = z.infer<typeof generationOverviewSchema>;
