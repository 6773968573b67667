import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Attempt, NextChallengeResponse } from '@contracts/game';
import { attempts } from '../db/tables/game.tables';
import { challenges } from '../db/tables/challenges.tables';
import { profiles } from '../db/tables/players.tables';
import { eventSettings } from '../db/tables/event.tables';
import {
  allowBackToBackGames,
  createGamer,
  importDemoPack,
  importPack,
  playFullGame,
  startGame,
  writePack,
} from '../../tests/support/game';
import { createPlayer, type TestPlayer } from '../../tests/support/players';
import { createTestApp, request, type TestApp } from '../../tests/support/test-app';

/** GET /api/game/next for a player (or anonymously); the JSON when 200. */
const askNext = (t: TestApp, player?: TestPlayer) => request(t.app, { method: 'GET', url: '/api/game/next', cookie: player?.cookie });
async function nextOf(t: TestApp, player: TestPlayer): Promise<NextChallengeResponse['next']> {
  const response = await askNext(t, player);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().next;
}
const keyOf = (imageUrl: string) => imageUrl.replace('/api/images/', '');
async function challengeFor(t: TestApp, imageUrl: string) {
  const [row] = await t.database.db
    .select()
    .from(challenges)
    .where(eq(challenges.imageKey, keyOf(imageUrl)));
  return row;
}
const storedNext = async (t: TestApp, player: TestPlayer) =>
  (await t.database.db.select({ id: profiles.nextChallengeId }).from(profiles).where(eq(profiles.id, player.id)))[0]?.id ?? null;
const setEvent = (t: TestApp, values: { isOpen?: boolean; allowPromptReuse?: boolean }) =>
  t.database.db
    .insert(eventSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: eventSettings.id, set: values });
async function started(t: TestApp, player: TestPlayer): Promise<Attempt> {
  const response = await startGame(t.app, player);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().attempt;
}

describe('GET /api/game/next on the demo pack', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await importDemoPack(t);
    await allowBackToBackGames(t);
  });
  afterAll(() => t?.close());

  it('is for players only: 401 without a session', async () => {
    const response = await askNext(t);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ code: 'NO_SESSION', message: 'No active session found' });
  });

  it('is null for a player without a display name, and chooses nothing', async () => {
    const player = await createPlayer(t.app, t.database.db);
    expect(await nextOf(t, player)).toBeNull();
    expect(await storedNext(t, player)).toBeNull();
  });

  it('is null while the event is closed', async () => {
    const player = await createGamer(t);
    await setEvent(t, { isOpen: false });
    try {
      expect(await nextOf(t, player)).toBeNull();
    } finally {
      await setEvent(t, { isOpen: true });
    }
    expect(await nextOf(t, player)).not.toBeNull();
  });

  it('sends only the image URL: never a prompt or a challenge id', async () => {
    const player = await createGamer(t);
    const response = await askNext(t, player);
    const body = response.json();
    expect(Object.keys(body)).toEqual(['next']);
    expect(Object.keys(body.next)).toEqual(['imageUrl']);
    expect(body.next.imageUrl).toMatch(/^\/api\/images\/[A-Za-z0-9_-]+\.webp$/);
    const challenge = await challengeFor(t, body.next.imageUrl);
    expect(response.body).not.toContain(challenge.id);
    expect(response.body.toLowerCase()).not.toContain(challenge.prompt.toLowerCase());
  });

  it('is sticky until START, which hands out exactly that challenge and clears it; the next one differs', async () => {
    const player = await createGamer(t);
    const first = (await nextOf(t, player))!;
    for (let i = 0; i < 5; i++) expect(await nextOf(t, player)).toEqual(first);
    const challenge = await challengeFor(t, first.imageUrl);
    expect(await storedNext(t, player)).toBe(challenge.id);
    // Choosing claims nothing.
    expect(challenge.claimedAt).toBeNull();

    const attempt = await started(t, player);
    expect(attempt.imageUrl).toBe(first.imageUrl);
    const [row] = await t.database.db.select().from(attempts).where(eq(attempts.id, attempt.id));
    expect(row.challengeId).toBe(challenge.id);
    expect(await storedNext(t, player)).toBeNull();

    const second = (await nextOf(t, player))!;
    expect(second.imageUrl).not.toBe(first.imageUrl);
    expect(await nextOf(t, player)).toEqual(second);
  });

  it('agrees with itself under 20 concurrent asks by one player', async () => {
    const player = await createGamer(t);
    const answers = await Promise.all(Array.from({ length: 20 }, () => askNext(t, player)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const urls = new Set(answers.map((r) => r.json().next?.imageUrl));
    expect(urls.size).toBe(1);
    const [url] = [...urls];
    expect((await challengeFor(t, url)).id).toBe(await storedNext(t, player));
    expect((await started(t, player)).imageUrl).toBe(url);
  });

  it('falls back when someone else claimed the suggestion first: START still succeeds, with another challenge', async () => {
    const player = await createGamer(t);
    const rival = await createGamer(t);
    const mine = (await nextOf(t, player))!;
    // Two players may be suggested the same challenge (a crowd larger than the pool); the rival starts first.
    await t.database.db
      .update(profiles)
      .set({ nextChallengeId: (await challengeFor(t, mine.imageUrl)).id })
      .where(eq(profiles.id, rival.id));
    expect((await started(t, rival)).imageUrl).toBe(mine.imageUrl);

    const attempt = await started(t, player);
    expect(attempt.imageUrl).not.toBe(mine.imageUrl);
    expect(await storedNext(t, player)).toBeNull();
  });

  it('chooses again when the stored suggestion was claimed by someone else', async () => {
    const player = await createGamer(t);
    const rival = await createGamer(t);
    const mine = (await nextOf(t, player))!;
    await t.database.db
      .update(profiles)
      .set({ nextChallengeId: (await challengeFor(t, mine.imageUrl)).id })
      .where(eq(profiles.id, rival.id));
    await started(t, rival);

    const again = (await nextOf(t, player))!;
    expect(again.imageUrl).not.toBe(mine.imageUrl);
    expect(await nextOf(t, player)).toEqual(again);
    expect((await started(t, player)).imageUrl).toBe(again.imageUrl);
  });

  it('chooses again when the suggestion is disabled, and START never hands it out', async () => {
    const player = await createGamer(t);
    const mine = (await nextOf(t, player))!;
    const challenge = await challengeFor(t, mine.imageUrl);
    await t.database.db.update(challenges).set({ disabled: true }).where(eq(challenges.id, challenge.id));
    try {
      const again = (await nextOf(t, player))!;
      expect(again.imageUrl).not.toBe(mine.imageUrl);
      // A START that still holds the disabled one (stored before the organizer disabled it) falls back too.
      await t.database.db.update(profiles).set({ nextChallengeId: challenge.id }).where(eq(profiles.id, player.id));
      const attempt = await started(t, player);
      expect(attempt.imageUrl).not.toBe(mine.imageUrl);
    } finally {
      await t.database.db.update(challenges).set({ disabled: false }).where(eq(challenges.id, challenge.id));
    }
  });

  it('chooses again when the suggestion is deleted (the column is set to null)', async () => {
    const fresh = await createTestApp();
    try {
      await importPack(fresh, (await writePack({ count: 3, label: 'deleted' })).dir);
      const player = await createGamer(fresh);
      const mine = (await nextOf(fresh, player))!;
      await fresh.database.db.delete(challenges).where(eq(challenges.imageKey, keyOf(mine.imageUrl)));
      expect(await storedNext(fresh, player)).toBeNull();
      const again = (await nextOf(fresh, player))!;
      expect(again.imageUrl).not.toBe(mine.imageUrl);
    } finally {
      await fresh.close();
    }
  });

  it('is not affected by the unfinished game: it names the one after, never the current image', async () => {
    const player = await createGamer(t);
    const attempt = await started(t, player);
    const next = (await nextOf(t, player))!;
    expect(next.imageUrl).not.toBe(attempt.imageUrl);
  });
});

describe('GET /api/game/next on small pools', () => {
  it('is null when no challenge was ever loaded', async () => {
    const fresh = await createTestApp();
    try {
      expect(await nextOf(fresh, await createGamer(fresh))).toBeNull();
    } finally {
      await fresh.close();
    }
  });

  it('is null once every prompt has been claimed, and START says the pool is exhausted', async () => {
    const fresh = await createTestApp();
    try {
      await importPack(fresh, (await writePack({ count: 2, label: 'tiny' })).dir);
      const [a, b, c] = [await createGamer(fresh), await createGamer(fresh), await createGamer(fresh)];
      // Suggestions go to different challenges while there are enough (fewer downloads wasted on collisions).
      const [nextA, nextB] = [(await nextOf(fresh, a))!, (await nextOf(fresh, b))!];
      expect(nextA.imageUrl).not.toBe(nextB.imageUrl);
      expect((await started(fresh, a)).imageUrl).toBe(nextA.imageUrl);
      expect((await started(fresh, b)).imageUrl).toBe(nextB.imageUrl);
      expect(await nextOf(fresh, c)).toBeNull();
      expect(await storedNext(fresh, c)).toBeNull();
      expect((await startGame(fresh.app, c)).json().code).toBe('POOL_EXHAUSTED');
    } finally {
      await fresh.close();
    }
  });

  it('with prompt reuse on, never suggests (nor START hands out) a challenge the player already played', async () => {
    const fresh = await createTestApp();
    try {
      const POOL = 3;
      await importPack(fresh, (await writePack({ count: POOL, label: 'again' })).dir);
      await allowBackToBackGames(fresh);
      await setEvent(fresh, { allowPromptReuse: true });
      const other = await createGamer(fresh);
      const player = await createGamer(fresh);
      const played = new Set<string>();
      for (let i = 0; i < POOL; i++) {
        const next = (await nextOf(fresh, player))!;
        expect(played.has(next.imageUrl)).toBe(false);
        const { attempt } = await playFullGame(fresh.app, player);
        expect(attempt.imageUrl).toBe(next.imageUrl);
        played.add(attempt.imageUrl);
      }
      expect(await nextOf(fresh, player)).toBeNull();
      // Claimed by this player's games, still available to another player with reuse on.
      expect(played.has((await nextOf(fresh, other))!.imageUrl)).toBe(true);

      // A stale suggestion that names a played challenge is neither shown nor handed out.
      const [playedOne] = await fresh.database.db.select({ id: challenges.id }).from(challenges).limit(1);
      await fresh.database.db.update(profiles).set({ nextChallengeId: playedOne.id }).where(eq(profiles.id, player.id));
      expect(await nextOf(fresh, player)).toBeNull();
      await fresh.database.db.update(profiles).set({ nextChallengeId: playedOne.id }).where(eq(profiles.id, player.id));
      expect((await startGame(fresh.app, player)).json().code).toBe('POOL_EXHAUSTED');
    } finally {
      await fresh.close();
    }
  });
});
