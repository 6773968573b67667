/** Which embedding provider scores guesses, from environment variables (shared by the server and scripts). */
import { z } from 'zod';

export type ScoringConfig =
  | { provider: 'use-lite' }
  | { provider: 'openai'; baseUrl: string; apiKey?: string; model: string };

const envSchema = z
  .object({
    SCORING_PROVIDER: z.enum(['use-lite', 'openai']).default('use-lite'),
    OPENAI_BASE_URL: z.string().url().optional(),
    OPENAI_API_KEY: z.string().min(1).optional(),
    OPENAI_EMBEDDING_MODEL: z.string().min(1).optional(),
  })
  .superRefine((env, ctx) => {
    if (env.SCORING_PROVIDER !== 'openai') return;
    if (!env.OPENAI_BASE_URL) ctx.addIssue({ code: 'custom', path: ['OPENAI_BASE_URL'], message: 'required when SCORING_PROVIDER=openai' });
    if (!env.OPENAI_EMBEDDING_MODEL) ctx.addIssue({ code: 'custom', path: ['OPENAI_EMBEDDING_MODEL'], message: 'required when SCORING_PROVIDER=openai' });
  });

/** Throws a readable error listing every bad variable. Empty strings count as unset. */
export function scoringConfigFromEnv(env: Record<string, string | undefined> = process.env): ScoringConfig {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`invalid scoring configuration: ${problems}`);
  }
  const { SCORING_PROVIDER, OPENAI_BASE_URL, OPENAI_API_KEY, OPENAI_EMBEDDING_MODEL } = parsed.data;
  if (SCORING_PROVIDER === 'use-lite') return { provider: 'use-lite' };
  return { provider: 'openai', baseUrl: OPENAI_BASE_URL!, apiKey: OPENAI_API_KEY, model: OPENAI_EMBEDDING_MODEL! };
}
