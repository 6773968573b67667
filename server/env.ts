import { z } from 'zod';
import path from 'node:path';

const booleanFromString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** Every variable the server reads. All have working defaults except in production (see refine below). */
const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL').optional(),
    PUBLIC_URL: z.string().url().optional(),
    BETTER_AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    TRUST_PROXY: z.string().optional(),
    SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL').optional(),
    MAIL_FROM: z.string().min(3).default('Guess the Genesis <no-reply@guess-the-genesis.local>'),
    GOOGLE_CLIENT_ID: z.string().min(1).optional(),
    GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
    GOOGLE_ISSUER: z.string().url().default('https://accounts.google.com'),
    SCORING_PROVIDER: z.enum(['minilm', 'use-lite', 'openai']).default('minilm'),
    /** Worker threads running the local scoring model (default: every core). */
    SCORING_WORKERS: z.coerce.number().int().min(1).max(64).optional(),
    /** Guesses allowed to wait for a scoring worker before the game answers 503 + Retry-After (default: 48 per worker). */
    SCORING_QUEUE_LIMIT: z.coerce.number().int().min(1).optional(),
    OPENAI_BASE_URL: z.string().url().default('https://api.openai.com/v1'),
    OPENAI_API_KEY: z.string().min(1).optional(),
    OPENAI_EMBEDDING_MODEL: z.string().min(1).default('text-embedding-3-small'),
    CHALLENGE_PACK: z.string().min(1).optional(),
    /** The built web app to serve (default: dist/web); the browser tests serve a private build. */
    WEB_DIST_DIR: z.string().min(1).optional(),
    /** What the booth screen's QR code opens (default: PUBLIC_URL). */
    GAME_URL: z.string().url().optional(),
    /** Comment lines keep idle leaderboard streams open through proxies. */
    SSE_HEARTBEAT_MS: z.coerce.number().int().min(50).max(120_000).default(15_000),
    /** Concurrent leaderboard streams one client address may hold (load tests from one machine raise it). */
    SSE_MAX_STREAMS_PER_CLIENT: z.coerce.number().int().min(1).default(8),
    AUTH_RATE_LIMIT: booleanFromString.default(true),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && !env.BETTER_AUTH_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['BETTER_AUTH_SECRET'], message: 'is required in production' });
    }
    if (env.NODE_ENV === 'production' && !env.PUBLIC_URL) {
      ctx.addIssue({ code: 'custom', path: ['PUBLIC_URL'], message: 'is required in production' });
    }
    if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
      ctx.addIssue({ code: 'custom', path: ['GOOGLE_CLIENT_SECRET'], message: 'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET go together' });
    }
  });

export type Env = z.infer<typeof envSchema> & { publicUrl: string; dataDir: string; gameUrl: string };

export class EnvError extends Error {}

/** Parses process.env once at boot; the error names every bad variable. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.') || '(env)'}: ${issue.message}`);
    throw new EnvError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  return {
    ...env,
    publicUrl,
    gameUrl: env.GAME_URL ?? publicUrl,
    dataDir: path.resolve(env.DATA_DIR),
  };
}
