import { Readable } from 'node:stream';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminChallenge, AdminChallengesResponse, PoolHealth } from '@contracts/admin-challenges';
import { HARD_TO_SCORE_BELOW } from '@contracts/admin-challenges.rules';
import { challenges } from '../db/tables/challenges.tables';
import { createGamer, generatedImage, startGame, submitGuess } from '../../tests/support/game';
import { createPlayer, type TestPlayer } from '../../tests/support/players';
import { createTestApp, request, type TestApp } from '../../tests/support/test-app';
import { buildZip } from '../../tests/support/zip-builder';

let t: TestApp;
let organizer: TestPlayer;
beforeAll(async () => {
  t = await createTestApp({ PACK_UPLOAD_MAX_MB: '1' });
  organizer = await createPlayer(t.app, t.database.db, { role: 'organizer' });
});
afterAll(() => t?.close());

const rowCount = async () => (await t.database.db.select({ n: count() }).from(challenges))[0].n;

async function packZip(label: string, n: number, extra: Array<{ name: string; data: Buffer | string }> = []) {
  const entries = [];
  const files = [];
  for (let i = 1; i <= n; i++) {
    entries.push({ file: `images/${i}.png`, prompt: `${label} prompt number ${i}: a ${['red', 'green', 'blue'][i % 3]} square` });
    files.push({ name: `images/${i}.png`, data: await generatedImage(i * 13 + label.length * 101) });
  }
  return buildZip([{ name: 'manifest.json', data: JSON.stringify(entries) }, ...files, ...extra]);
}

const upload = (body: Buffer | Readable, who: TestPlayer | null = organizer, name = 'pack.zip') =>
  request(t.app, {
    method: 'POST',
    url: `/api/admin/challenges/import?name=${encodeURIComponent(name)}`,
    headers: { 'content-type': 'application/zip' },
    payload: body,
    cookie: who?.cookie,
  });

const list = async (query = '') => {
  const response = await request(t.app, { method: 'GET', url: `/api/admin/challenges${query}`, cookie: organizer.cookie });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as AdminChallengesResponse;
};
describe('who may manage the pool', () => {
  it('refuses anonymous callers (401) and players (403) on every route', async () => {
    const player = await createPlayer(t.app, t.database.db);
    const id = '00000000-0000-4000-8000-000000000000';
    const calls = [
      { method: 'GET', url: '/api/admin/challenges' },
      { method: 'GET', url: '/api/admin/challenges/health' },
      { method: 'PATCH', url: `/api/admin/challenges/${id}`, payload: { disabled: true } },
      { method: 'DELETE', url: `/api/admin/challenges/${id}` },
      {
        method: 'POST',
        url: '/api/admin/challenges/import',
        headers: { 'content-type': 'application/zip' },
        payload: await packZip('sneaky', 1),
      },
    ] as const;
    for (const call of calls) {
      expect((await request(t.app, { ...call })).statusCode, call.url).toBe(401);
      expect((await request(t.app, { ...call, cookie: player.cookie })).statusCode, call.url).toBe(403);
    }
    expect(await rowCount()).toBe(0);
  });
});

describe('uploading a pack', () => {
  it('imports a good pack and lists it; the same pack again adds nothing', async () => {
    const zip = await packZip('good', 3);
    const first = await upload(zip, organizer, 'good.zip');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ total: 3, imported: 3, skipped: 0, hardToScore: expect.any(Array) });
    expect((await upload(zip)).json()).toMatchObject({ total: 3, imported: 0, skipped: 3, hardToScore: [] });
    const audit = (await request(t.app, { method: 'GET', url: '/api/admin/audit', cookie: organizer.cookie })).json().entries;
    expect(
      audit.filter((entry: { action: string }) => entry.action === 'challenges.import').map((entry: { details: object }) => entry.details),
    ).toEqual([
      { imported: 0, skipped: 3, total: 3, pack: 'pack.zip' },
      { imported: 3, skipped: 0, total: 3, pack: 'good.zip' },
    ]);

    const { challenges: rows, total } = await list();
    expect(total).toBe(3);
    for (const row of rows) {
      expect(row).toMatchObject({ state: 'unused', timesPlayed: 0, averageScore: null });
      // The pool shows each challenge's difficulty estimate and whether it is hard to score.
      expect(row.difficulty).toBeGreaterThanOrEqual(0);
      expect(row.hardToScore).toBe(row.difficulty! < HARD_TO_SCORE_BELOW);
      expect(row.prompt).toMatch(/^good prompt number \d/);
      expect(row.source).toMatch(/^good\.zip:images\/\d\.png$/);
      const image = await request(t.app, { method: 'GET', url: row.imageUrl });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/webp');
    }
  });

  it('lists every problem of a broken pack and imports nothing', async () => {
    const before = await rowCount();
    const manifest = [
      { file: 'images/1.png', prompt: 'fine' },
      { file: 'images/missing.png', prompt: 'not there' },
      { file: 'images/text.png', prompt: 'text, not an image' },
      { file: 'images/2.png', prompt: '' },
    ];
    const zip = buildZip([
      { name: 'manifest.json', data: JSON.stringify(manifest) },
      { name: 'images/1.png', data: await generatedImage(401) },
      { name: 'images/2.png', data: await generatedImage(402) },
      { name: 'images/text.png', data: 'hello' },
    ]);
    const response = await upload(zip);
    expect(response.statusCode).toBe(422);
    const body = response.json();
    expect(body.code).toBe('PACK_INVALID');
    expect(body.problems).toHaveLength(3);
    expect(body.problems.join('\n')).toMatch(/missing\.png.*not found/);
    expect(body.problems.join('\n')).toMatch(/text\.png.*not a readable image/);
    expect(body.problems.join('\n')).toMatch(/entry 4.*prompt is empty/);
    expect(await rowCount()).toBe(before);
  });

  it('refuses a prompt holding a NUL byte or broken Unicode with 422 naming the entry (not a 500), and imports nothing', async () => {
    const before = await rowCount();
    const manifest = [
      { file: 'images/1.png', prompt: 'a fine prompt' },
      { file: 'images/2.png', prompt: 'a red\u0000square' },
      { file: 'images/3.png', prompt: 'a lone \ud800 surrogate' },
    ];
    const zip = buildZip([
      { name: 'manifest.json', data: JSON.stringify(manifest) },
      ...(await Promise.all([1, 2, 3].map(async (n) => ({ name: `images/${n}.png`, data: await generatedImage(500 + n) })))),
    ]);
    const response = await upload(zip);
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json()).toMatchObject({ code: 'PACK_INVALID' });
    expect(response.json().problems).toEqual([
      'entry 2 (images/2.png): prompt contains a control character or broken Unicode (e.g. a NUL byte)',
      'entry 3 (images/3.png): prompt contains a control character or broken Unicode (e.g. a NUL byte)',
    ]);
    expect(await rowCount()).toBe(before);
  });

  it("refuses a zip with '../' entries, naming them, and imports nothing", async () => {
    const before = await rowCount();
    const zip = await packZip('traversal', 2, [
      { name: '../../escape.png', data: 'x' },
      { name: 'images/../../../etc/cron.d/evil', data: 'x' },
    ]);
    const response = await upload(zip);
    expect(response.statusCode).toBe(422);
    expect(response.json().problems).toEqual([
      'zip entry "../../escape.png" has a path leaving the pack',
      'zip entry "images/../../../etc/cron.d/evil" has a path leaving the pack',
    ]);
    expect(await rowCount()).toBe(before);
  });

  it('refuses an oversized upload (413), by its declared length or as it streams', async () => {
    const before = await rowCount();
    const big = Buffer.concat([await packZip('big', 1), Buffer.alloc(1024 * 1024 + 10)]);
    const declared = await upload(big);
    expect(declared.statusCode).toBe(413);
    expect(declared.json().code).toBe('PACK_TOO_LARGE');
    // No content-length: the stream is counted and cut off at the limit.
    const streamed = await upload(Readable.from([big.subarray(0, 600_000), big.subarray(600_000)]));
    expect(streamed.statusCode).toBe(413);
    expect(await rowCount()).toBe(before);
  });

  it('refuses a body that is not a zip', async () => {
    const response = await request(t.app, {
      method: 'POST',
      url: '/api/admin/challenges/import',
      payload: { not: 'a zip' },
      cookie: organizer.cookie,
    });
    expect(response.statusCode).toBe(415);
  });
});

describe('the table, its states and actions', () => {
  it('follows a challenge from unused to in play to played, filters by state, and disables and deletes', async () => {
    const fresh = await createTestApp();
    try {
      const boss = await createPlayer(fresh.app, fresh.database.db, { role: 'organizer' });
      const call = (method: 'GET' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
        request(fresh.app, { method, url, payload, cookie: boss.cookie });
      const imported = await request(fresh.app, {
        method: 'POST',
        url: '/api/admin/challenges/import',
        headers: { 'content-type': 'application/zip' },
        payload: await packZip('states', 4),
        cookie: boss.cookie,
      });
      expect(imported.json().imported).toBe(4);
      const rows = (): Promise<AdminChallenge[]> => call('GET', '/api/admin/challenges').then((r) => r.json().challenges);
      const stateOf = async (id: string) => (await rows()).find((row) => row.id === id)!.state;

      const gamer = await createGamer(fresh);
      const started = (await startGame(fresh.app, gamer)).json().attempt;
      const inPlay = (await call('GET', '/api/admin/challenges?state=in_play')).json() as AdminChallengesResponse;
      expect(inPlay.total).toBe(1);
      const playedId = inPlay.challenges[0].id;
      for (let n = 1; n <= 3; n++) expect((await submitGuess(fresh.app, gamer, started.id, `guess ${n}`, n)).statusCode).toBe(200);
      const played = (await rows()).find((row) => row.id === playedId)!;
      expect(played).toMatchObject({ state: 'played', timesPlayed: 1 });
      expect(played.averageScore).toBeGreaterThanOrEqual(0);

      const health = (await call('GET', '/api/admin/challenges/health')).json() as PoolHealth;
      expect(health).toMatchObject({ total: 4, unused: 3, claimable: 3, played: 1, inPlay: 0, disabled: 0, usedLastHour: 1 });
      // One start in the last 10 minutes, 3 claimable: 30 minutes at that pace.
      expect(health).toMatchObject({ recentStarts: 1, rateWindowMinutes: 10, minutesLeft: 30 });

      const unused = (await call('GET', '/api/admin/challenges?state=unused')).json() as AdminChallengesResponse;
      expect(unused.total).toBe(3);
      const [toDisable, toDelete] = unused.challenges;
      expect((await call('PATCH', `/api/admin/challenges/${toDisable.id}`, { disabled: true })).statusCode).toBe(204);
      expect(await stateOf(toDisable.id)).toBe('disabled');
      expect((await call('GET', '/api/admin/challenges?state=disabled')).json().total).toBe(1);
      expect((await call('PATCH', `/api/admin/challenges/${toDisable.id}`, { disabled: 'yes' })).statusCode).toBe(400);
      expect((await call('PATCH', `/api/admin/challenges/${toDisable.id}`, { disabled: false })).statusCode).toBe(204);
      expect(await stateOf(toDisable.id)).toBe('unused');

      expect((await call('DELETE', `/api/admin/challenges/${playedId}`)).statusCode).toBe(409);
      const image = toDelete.imageUrl.split('/').pop()!;
      expect(await fresh.storage.get(image)).not.toBeNull();
      expect((await call('DELETE', `/api/admin/challenges/${toDelete.id}`)).statusCode).toBe(204);
      expect(await fresh.storage.get(image)).toBeNull();
      expect((await call('DELETE', `/api/admin/challenges/${toDelete.id}`)).statusCode).toBe(404);
      expect((await rows()).map((row) => row.id)).not.toContain(toDelete.id);
      expect((await call('GET', '/api/admin/challenges?state=bogus')).statusCode).toBe(400);
      // Every change is in the organizers' audit log, newest first (refused ones are not).
      const audit = (await call('GET', '/api/admin/audit')).json().entries as Array<{
        action: string;
        actor: string;
        targetId: string | null;
      }>;
      expect(audit.slice(0, 3).map((entry) => [entry.action, entry.targetId])).toEqual([
        ['challenge.delete', toDelete.id],
        ['challenge.enable', toDisable.id],
        ['challenge.disable', toDisable.id],
      ]);
      expect(audit[0].actor).toBe(boss.email);
    } finally {
      await fresh.close();
    }
  });
});
