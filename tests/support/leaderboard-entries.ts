import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../server/db/client';
import { user } from '../../server/db/tables/auth.tables';
import { attempts, challenges, profiles } from '../../server/db/tables/game.tables';
import { importChallengePack } from '../../server/game/challenge-import.service';
import { demoPackDir } from './server-process';
import { request, type TestApp } from './test-app';

/**
 * Board rows written straight into the tables, for ranking edge cases the real game cannot produce on demand
 * (exact ties, chosen timestamps). Live flows use playChallenge() through the real game API instead.
 */
export async function seedPlayer(db: Db, options: { displayName?: string | null; hidden?: boolean; userId?: string } = {}): Promise<string> {
  const id = options.userId ?? randomUUID();
  if (!options.userId) await db.insert(user).values({ id, name: '', email: `seed-${randomBytes(5).toString('hex')}@example.test`, emailVerified: true });
  const displayName = options.displayName === undefined ? `Player${randomBytes(3).toString('hex')}` : options.displayName;
  await db
    .insert(profiles)
    .values({ id, displayName, hidden: options.hidden ?? false })
    .onConflictDoUpdate({ target: profiles.id, set: { displayName, hidden: options.hidden ?? false } });
  return id;
}

/** A completed attempt on a fresh challenge with the given final score and completion time. */
export async function seedCompletedAttempt(db: Db, userId: string, score: number, completedAt: Date = new Date()) {
  const tag = randomBytes(8).toString('hex');
  const [challenge] = await db
    .insert(challenges)
    .values({ imageKey: `seed-${tag}.webp`, prompt: `seed prompt ${tag}`, contentHash: `seed-${tag}` })
    .returning({ id: challenges.id });
  await db.insert(attempts).values({
    userId,
    challengeId: challenge.id,
    createdAt: new Date(completedAt.getTime() - 60_000),
    guess1: 'a',
    guess2: 'b',
    guess3: 'c',
    score1: score,
    score2: 0,
    score3: 0,
    finalScore: score,
    completedAt,
  });
}

/** Imports the demo pack (24 real challenges) into the test app's pool, once per app. */
export async function importDemoPack(t: TestApp) {
  await importChallengePack({ db: t.database.db, storage: t.storage, scorer: t.scorer }, demoPackDir);
}

/** Names the player and plays one challenge through the real game API: start + 3 guesses. Returns the final score. */
export async function playChallenge(app: FastifyInstance, cookie: string, options: { displayName?: string; guesses?: string[]; beforeLastGuess?: () => void } = {}): Promise<number> {
  if (options.displayName) {
    const named = await request(app, { method: 'PUT', url: '/api/profile', cookie, payload: { displayName: options.displayName } });
    if (named.statusCode !== 200) throw new Error(`naming failed: ${named.statusCode} ${named.body}`);
  }
  const start = await request(app, { method: 'POST', url: '/api/game/start', cookie });
  if (start.statusCode !== 201) throw new Error(`start failed: ${start.statusCode} ${start.body}`);
  const attemptId = start.json().attempt.id as string;
  const guesses = options.guesses ?? ['a painting of a cat', 'a photo of a city at night', 'a bowl of fruit on a table'];
  let finalScore: number | null = null;
  for (const [index, guess] of guesses.entries()) {
    if (index === guesses.length - 1) options.beforeLastGuess?.();
    const response = await request(app, { method: 'POST', url: `/api/game/attempts/${attemptId}/guesses`, cookie, payload: { guess, guessNumber: index + 1 } });
    if (response.statusCode !== 200) throw new Error(`guess failed: ${response.statusCode} ${response.body}`);
    finalScore = response.json().attempt.finalScore;
  }
  return finalScore!;
}

export async function setHidden(db: Db, userId: string, hidden: boolean) {
  await db.update(profiles).set({ hidden }).where(eq(profiles.id, userId));
}
