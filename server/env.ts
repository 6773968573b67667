import { z } from 'zod';
import path from 'node:path';
import { STREAM_HEARTBEAT_MS } from '@contracts/leaderboard.rules';

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
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
      .optional(),
    PUBLIC_URL: z.string().url().optional(),
    BETTER_AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    TRUST_PROXY: z.string().optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
    MAIL_FROM: z.string().min(3).default('Guess the Genesis <no-reply@guess-the-genesis.local>'),
    GOOGLE_CLIENT_ID: z.string().min(1).optional(),
    GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
    GOOGLE_ISSUER: z.string().url().default('https://accounts.google.com'),
    /** minilm runs in-process (natively, or in WASM where no native binary installs); openai calls an embeddings API. */
    SCORING_PROVIDER: z.enum(['minilm', 'openai']).default('minilm'),
    /**
     * How the minilm model runs: natively through onnxruntime-node with int8 weights (default, decision 048), natively
     * in full precision ('onnx'), or in the WASM engine of @lat.md/embed (full precision, no native binary needed).
     */
    SCORING_ENGINE: z.enum(['onnx-int8', 'onnx', 'wasm']).default('onnx-int8'),
    /** Worker threads running the local scoring model (default: 1 for onnx-int8 and onnx, every core for wasm). */
    SCORING_WORKERS: z.coerce.number().int().min(1).max(64).optional(),
    /** Guesses allowed to wait for a scoring worker before the game answers 503 + Retry-After (default: 48 per worker). */
    SCORING_QUEUE_LIMIT: z.coerce.number().int().min(1).optional(),
    /** Guesses one instance works on at once (session, database, scorer); past it a guess gets 503 + Retry-After. */
    GUESSES_IN_FLIGHT_LIMIT: z.coerce.number().int().min(1).max(10_000).default(32),
    /**
     * Mean event-loop delay (ms, sampled every 200 ms) past which guesses are refused with 503 + Retry-After before any
     * work is done: on the embedded database the main thread itself saturates and requests would otherwise queue unseen.
     * 0 turns the check off.
     */
    EVENT_LOOP_DELAY_LIMIT_MS: z.coerce
      .number()
      .int()
      .refine((ms) => ms === 0 || (ms >= 10 && ms <= 60_000), 'must be 0 (off) or 10–60000')
      .default(200),
    OPENAI_BASE_URL: z.string().url().default('https://api.openai.com/v1'),
    OPENAI_API_KEY: z.string().min(1).optional(),
    OPENAI_EMBEDDING_MODEL: z.string().min(1).default('text-embedding-3-small'),
    CHALLENGE_PACK: z.string().min(1).optional(),
    /** The starter pack shipped in the repo (packs/starter) is imported on a first start with an empty pool; false turns that off. */
    STARTER_PACK: booleanFromString.default(true),
    /** Bearer token that lets a scraper on another machine read GET /metrics (loopback callers need none). */
    METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
    /** Largest challenge pack an organizer may upload from the console (streamed to a temporary file). */
    PACK_UPLOAD_MAX_MB: z.coerce.number().int().min(1).max(10_000).default(500),
    /** Where challenge images live: local disk under DATA_DIR/images, or an S3-compatible bucket. */
    IMAGE_STORAGE: z.enum(['disk', 's3']).default('disk'),
    S3_BUCKET: z.string().min(1).optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_ENDPOINT: z.string().url().optional(),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_FORCE_PATH_STYLE: booleanFromString.default(false),
    S3_PREFIX: z.string().default('images/'),
    /** Image generation (docs/decisions/014-generation-jobs.md). OpenAI-compatible images API: enabled by a key or a base URL of its own. */
    IMAGES_OPENAI_BASE_URL: z.string().url().optional(),
    IMAGES_OPENAI_API_KEY: z.string().min(1).optional(),
    IMAGES_OPENAI_MODEL: z.string().min(1).default('gpt-image-1'),
    IMAGES_OPENAI_SIZE: z
      .string()
      .regex(/^\d+x\d+$/, 'must look like 1024x1024')
      .default('1024x1024'),
    /** AUTOMATIC1111 / Forge txt2img API: enabled by its base URL. */
    A1111_BASE_URL: z.string().url().optional(),
    A1111_STEPS: z.coerce.number().int().min(1).max(150).default(20),
    A1111_WIDTH: z.coerce.number().int().min(64).max(2048).default(768),
    A1111_HEIGHT: z.coerce.number().int().min(64).max(2048).default(768),
    A1111_SAMPLER: z.string().min(1).default('Euler a'),
    /** Generation jobs: whether this instance works on them, how many at once, and how patiently. */
    /** Price of one generated image in US dollars, for the estimate shown before a run starts (0: free, self-hosted). */
    IMAGES_OPENAI_PRICE_USD: z.coerce.number().min(0).max(100).default(0.04),
    A1111_PRICE_USD: z.coerce.number().min(0).max(100).default(0),
    GENERATION_WORKER: booleanFromString.default(true),
    GENERATION_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
    GENERATION_TIMEOUT_MS: z.coerce.number().int().min(100).default(120_000),
    GENERATION_MAX_TRIES: z.coerce.number().int().min(1).max(20).default(4),
    GENERATION_BACKOFF_MS: z.coerce.number().int().min(1).default(2_000),
    GENERATION_LEASE_MS: z.coerce.number().int().min(200).default(30_000),
    GENERATION_POLL_MS: z.coerce.number().int().min(20).default(5_000),
    /** Largest generated image accepted from a provider (an image URL's body, or the base64 in its answer). */
    GENERATION_MAX_IMAGE_MB: z.coerce.number().int().min(1).max(500).default(20),
    /** Downloading an image from a URL a provider answered with must finish within this. */
    GENERATION_IMAGE_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
    /** Image URLs on the provider's own origin may point into the LAN or this machine (a self-hosted provider). */
    GENERATION_ALLOW_LAN_PROVIDER: booleanFromString.default(false),
    /** The built web app to serve (default: dist/web); the browser tests serve a private build. */
    WEB_DIST_DIR: z.string().min(1).optional(),
    /** More origins players' browsers may call from (comma-separated), e.g. the booth laptop's LAN address. */
    ALLOWED_ORIGINS: z
      .string()
      .transform((value) =>
        value
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean),
      )
      .pipe(
        z.array(
          z
            .string()
            .url()
            .transform((url) => new URL(url).origin),
        ),
      )
      .default([]),
    /** What the booth screen's QR code opens (default: PUBLIC_URL). */
    GAME_URL: z.string().url().optional(),
    /**
     * Heartbeat events on live streams: they keep idle streams open through proxies, and the web client reopens a stream
     * that hears nothing for STREAM_SILENCE_MS (2 s), so above that a quiet board's viewers reconnect over and over.
     */
    SSE_HEARTBEAT_MS: z.coerce.number().int().min(50).max(120_000).default(STREAM_HEARTBEAT_MS),
    /** Concurrent leaderboard streams one signed-in player account may hold, over all its sessions (its tabs and devices). */
    SSE_MAX_STREAMS_PER_CLIENT: z.coerce.number().int().min(1).default(8),
    /** Concurrent leaderboard streams one address may hold without signing in (a venue NAT). */
    SSE_MAX_ANONYMOUS_STREAMS_PER_ADDRESS: z.coerce.number().int().min(1).default(300),
    /** Concurrent leaderboard streams per instance; anonymous viewers get half, organizers keep a reserve. */
    SSE_MAX_STREAMS: z.coerce.number().int().min(10).default(5_000),
    /** Mail outbox (SMTP only): first retry delay after a failed send (doubles per failure, capped at 5 minutes). */
    MAIL_RETRY_BASE_MS: z.coerce.number().int().min(10).default(2000),
    /** Mail outbox: how often each instance looks for due mail (retries, mail queued by other instances). */
    MAIL_OUTBOX_POLL_MS: z.coerce.number().int().min(10).default(5000),
    AUTH_RATE_LIMIT: booleanFromString.default(true),
    /** A client must finish sending its headers within this (slowloris guard). */
    HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
    /** A client must finish sending its whole request (headers + body) within this. Live streams are unaffected. */
    HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).default(60_000),
    /** A connection silent this long is closed (live streams excepted; they send heartbeats). */
    HTTP_IDLE_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
    /** Open connections per instance (live streams included); beyond it new connections are refused at once. */
    HTTP_MAX_CONNECTIONS: z.coerce.number().int().min(1).default(12_000),
    /** Accept a BETTER_AUTH_SECRET other than the one recorded in the database (a deliberate change; signs everyone out). */
    AUTH_SECRET_ROTATE: booleanFromString.default(false),
    /**
     * On SIGTERM: the longest wait, after `ready` turns 503, for the balancer to stop sending work (it ends sooner once a
     * probe has seen 503 and requests stopped). Default 10000 behind a proxy (TRUST_PROXY set), else 0.
     */
    SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && !env.BETTER_AUTH_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['BETTER_AUTH_SECRET'], message: 'is required in production' });
    }
    if (env.NODE_ENV === 'production' && !env.PUBLIC_URL) {
      ctx.addIssue({ code: 'custom', path: ['PUBLIC_URL'], message: 'is required in production' });
    }
    const trustProxy = env.TRUST_PROXY?.trim();
    if (trustProxy !== undefined && /^(true|yes|\*)$/i.test(trustProxy)) {
      ctx.addIssue({
        code: 'custom',
        path: ['TRUST_PROXY'],
        message:
          "'true' trusts every X-Forwarded-For entry, so any client can choose its own address (and slip past per-address limits). " +
          'Set the number of proxies in front of the server (e.g. 1) or their addresses/CIDRs (e.g. 10.0.0.0/8)',
      });
    } else if (trustProxy !== undefined && !/^(false|\d+|[0-9a-fA-F.:/]+(\s*,\s*[0-9a-fA-F.:/]+)*)$/.test(trustProxy)) {
      ctx.addIssue({
        code: 'custom',
        path: ['TRUST_PROXY'],
        message: 'must be a hop count (e.g. 1) or a comma-separated list of proxy addresses/CIDRs',
      });
    }
    if (env.IMAGE_STORAGE === 's3' && !env.S3_BUCKET) {
      ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'is required when IMAGE_STORAGE=s3' });
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
