import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { user } from '../../server/db/tables/auth.tables';
import { attempts } from '../../server/db/tables/game.tables';
import { challenges } from '../../server/db/tables/challenges.tables';
import { profiles } from '../../server/db/tables/players.tables';

/**
 * Board rows written straight into the tables, for ranking edge cases the real game cannot produce on demand
 * (exact ties, chosen timestamps). Live flows use playFullGame() (tests/support/game.ts) through the real game API instead.
 */
export async function seedPlayer(
  db: Db,
  options: { displayName?: string | null; hidden?: boolean; userId?: string } = {},
): Promise<string> {
  const id = options.userId ?? randomUUID();
  if (!options.userId)
    await db.insert(user).values({ id, name: '', email: `seed-${randomBytes(5).toString('hex')}@example.test`, emailVerified: true });
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

export async function setHidden(db: Db, userId: string, hidden: boolean) {
  await db.update(profiles).set({ hidden }).where(eq(profiles.id, userId));
}

/**
 * A completed attempt with its three scores and when each guess was made (seconds after its start): for tie-breaks on
 * guesses used and time to the best guess.
 */
export async function seedTimedGame(
  db: Db,
  userId: string,
  game: {
    scores: [number, number, number];
    guessSeconds: [number, number, number];
    startedAt: Date;
    /** The guesses' texts (what thinking time allows typing for); one character each by default. */
    guesses?: [string, string, string];
    prompt?: string;
  },
) {
  const tag = randomBytes(8).toString('hex');
  const [challenge] = await db
    .insert(challenges)
    .values({ imageKey: `seed-${tag}.webp`, prompt: game.prompt ?? `seed prompt ${tag}`, contentHash: `seed-${tag}` })
    .returning({ id: challenges.id });
  const at = (seconds: number) => new Date(game.startedAt.getTime() + seconds * 1000);
  await db.insert(attempts).values({
    userId,
    challengeId: challenge.id,
    createdAt: game.startedAt,
    guess1: game.guesses?.[0] ?? 'a',
    guess2: game.guesses?.[1] ?? 'b',
    guess3: game.guesses?.[2] ?? 'c',
    score1: game.scores[0],
    score2: game.scores[1],
    score3: game.scores[2],
    finalScore: Math.max(...game.scores),
    guess1At: at(game.guessSeconds[0]),
    guess2At: at(game.guessSeconds[1]),
    completedAt: at(game.guessSeconds[2]),
  });
}
