// Moderation (docs/decisions/011-moderation.md): unique look-alike-proof names in the database, invisible/link/hate names refused,
// the organizer's blocklist (401/403, applied at once, existing matches listed, never shown to players).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../db/tables/audit.tables';
import { profiles } from '../db/tables/players.tables';
import { deploymentFacts } from '../db/tables/db.tables';
import { DISPLAY_NAME_KEY_FACT, refreshDisplayNameKeys } from './display-name-keys';
import { DISPLAY_NAME_KEY_VERSION, displayNameKey } from './public-text';
import { seedCompletedAttempt } from '../../tests/support/leaderboard-entries';
import { createGamer } from '../../tests/support/game';
import { createPlayer, type TestPlayer } from '../../tests/support/players';
import { createTestApp, request, type TestApp } from '../../tests/support/test-app';

let t: TestApp;
let organizer: TestPlayer;
beforeAll(async () => {
  t = await createTestApp();
  organizer = await createPlayer(t.app, t.database.db, { role: 'organizer' });
});
afterAll(() => t?.close());

const putName = (player: TestPlayer, displayName: string) =>
  request(t.app, { method: 'PUT', url: '/api/profile', cookie: player.cookie, payload: { displayName } });
const getBlocklist = (cookie = organizer.cookie) => request(t.app, { method: 'GET', url: '/api/admin/moderation/blocklist', cookie });
const putBlocklist = (terms: unknown, cookie = organizer.cookie) =>
  request(t.app, { method: 'PUT', url: '/api/admin/moderation/blocklist', cookie, payload: { terms } });
const getMatches = (cookie = organizer.cookie) => request(t.app, { method: 'GET', url: '/api/admin/moderation/matches', cookie });

describe('display names on public screens', () => {
  it('refuses names without visible letters, links and hate names, and keeps the old name', async () => {
    const player = await createGamer(t, 'Visible');
    for (const name of [
      '\u3164\u3164',
      '\u200b\u200b\u200b',
      'paypal-login.com',
      'https://x.io',
      'Adolf Hitler',
      'AdolfHitler',
      'Hіtler',
      '卍卍',
    ]) {
      const response = await putName(player, name);
      expect(response.statusCode, name).toBe(400);
      expect(response.json().code).toBe('NAME_REFUSED');
    }
    const [row] = await t.database.db.select().from(profiles).where(eq(profiles.id, player.id));
    expect(row.displayName).toBe('Visible');
  });

  it("does not let a second player take another's name, in any case or with look-alike letters", async () => {
    const leader = await createGamer(t, 'TopPlayer');
    const copycat = await createGamer(t, 'Copycat');
    for (const name of ['TopPlayer', 'topplayer', 'TOPPLAYER', 'Тор Рlауеr', 'Top Player', 'ＴｏｐＰｌａｙｅｒ']) {
      const response = await putName(copycat, name);
      expect(response.statusCode, name).toBe(400);
      expect(response.json().message).toMatch(/taken/);
    }
    // The owner may re-save (or re-case) their own name.
    expect((await putName(leader, 'topPlayer')).statusCode).toBe(200);
  });

  it('protects names saved before the key existed once the start-up backfill ran', async () => {
    const legacy = await createGamer(t, 'Placeholder');
    await t.database.db.update(profiles).set({ displayName: 'LegacyChamp', displayNameKey: null }).where(eq(profiles.id, legacy.id));
    const copycat = await createGamer(t, 'Copycat2');
    expect((await refreshDisplayNameKeys(t.database.db)).rekeyed).toBeGreaterThanOrEqual(1);
    expect((await putName(copycat, 'legacychamp')).statusCode).toBe(400);
  });

  it('computes stored keys again when the look-alike rules change: an impostor saved under the old rules loses the name', async () => {
    const champion = await createGamer(t, 'Champ5083');
    // Saved when blank letters still counted: the stored key is the one the old rules gave.
    const impostor = await createGamer(t, 'Placeholder2');
    await t.database.db
      .update(profiles)
      .set({ displayName: 'Champ5083\u3164', displayNameKey: 'champ5083\u3164' })
      .where(eq(profiles.id, impostor.id));
    // Another name whose stored key the old rules computed differently, with no one to collide with.
    const renamed = await createGamer(t, 'Quiet Ann');
    await t.database.db.update(profiles).set({ displayNameKey: 'quiet ann' }).where(eq(profiles.id, renamed.id));
    await t.database.db.update(deploymentFacts).set({ value: '1' }).where(eq(deploymentFacts.name, DISPLAY_NAME_KEY_FACT));

    const refresh = await refreshDisplayNameKeys(t.database.db);
    expect(refresh).toMatchObject({ cleared: 1 });
    expect(refresh.rekeyed).toBeGreaterThanOrEqual(1);
    const byId = async (id: string) => (await t.database.db.select().from(profiles).where(eq(profiles.id, id)))[0];
    expect(await byId(champion.id)).toMatchObject({ displayName: 'Champ5083', displayNameKey: displayNameKey('Champ5083') });
    expect(await byId(impostor.id)).toMatchObject({ displayName: null, displayNameKey: null });
    expect((await byId(renamed.id)).displayNameKey).toBe(displayNameKey('Quiet Ann'));
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, impostor.id));
    expect(audit).toMatchObject({ action: 'player.rename', details: { from: 'Champ5083\u3164', to: null, looksLike: 'Champ5083' } });
    // The impostor picks a new name; the old look-alike is refused now.
    expect((await putName(impostor, 'Champ5083\u3164')).statusCode).toBe(400);
    expect((await putName(impostor, 'Challenger')).statusCode).toBe(200);
    // Recorded: the next start has nothing to do.
    const [fact] = await t.database.db.select().from(deploymentFacts).where(eq(deploymentFacts.name, DISPLAY_NAME_KEY_FACT));
    expect(fact.value).toBe(String(DISPLAY_NAME_KEY_VERSION));
    expect(await refreshDisplayNameKeys(t.database.db)).toEqual({ rekeyed: 0, cleared: 0 });
  });

  it('lets exactly one of many players saving the same name at once have it (enforced by the database)', async () => {
    const players = await Promise.all(Array.from({ length: 6 }, (_, n) => createGamer(t, `Racer${n}`)));
    const responses = await Promise.all(players.map((player) => putName(player, 'Photo Finish')));
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 400, 400, 400, 400, 400]);
    const holders = await t.database.db.select().from(profiles).where(eq(profiles.displayName, 'Photo Finish'));
    expect(holders).toHaveLength(1);
  });
});

describe('the organizer blocklist API', () => {
  it('refuses anonymous users (401) and players (403) on every route, and changes nothing', async () => {
    const player = await createGamer(t, 'Curious');
    for (const cookie of ['', player.cookie]) {
      for (const response of [await getBlocklist(cookie), await putBlocklist(['anything'], cookie), await getMatches(cookie)]) {
        expect(response.statusCode).toBe(cookie ? 403 : 401);
        expect(response.body).not.toContain('anything');
      }
    }
    expect((await getBlocklist()).json().terms).not.toContain('anything');
  });

  it('validates the list: 400 for bad terms, and nothing changes', async () => {
    expect((await putBlocklist(['keep'])).statusCode).toBe(200);
    for (const bad of [[''], ['x'.repeat(61)], 'text', [42], ['...']]) {
      expect((await putBlocklist(bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await getBlocklist()).json()).toEqual({ terms: ['keep'] });
  });

  it('applies a new term at once to new names and strategies, lists existing matches, and never tells players the list', async () => {
    const early = await createGamer(t, 'RivalCo Fan');
    const champion = await createGamer(t, 'Champ');
    await seedCompletedAttempt(t.database.db, champion.id, 99);
    const strategy = await request(t.app, {
      method: 'PUT',
      url: '/api/leaderboard/strategy',
      cookie: champion.cookie,
      payload: { strategy: 'Think like RivalCo does' },
    });
    expect(strategy.statusCode).toBe(200);

    const saved = await putBlocklist(['  RivalCo ', 'rivalco', 'Acme Corp']);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ terms: ['acme corp', 'rivalco'] });
    // The change is audited as what was added and removed (organizers only read the audit log).
    const [audited] = (await request(t.app, { method: 'GET', url: '/api/admin/audit', cookie: organizer.cookie })).json().entries;
    expect(audited).toMatchObject({ action: 'moderation.blocklist', actor: organizer.email });
    expect(audited.details.added.sort()).toEqual(['acme corp', 'rivalco']);

    const newcomer = await createGamer(t, 'Newcomer');
    for (const name of ['RivalCo', 'R1valC0 rocks', 'AcmeCorp']) {
      const refused = await putName(newcomer, name);
      expect(refused.statusCode, name).toBe(400);
      expect(refused.body.toLowerCase()).not.toMatch(/rivalco|acme/);
    }
    const refusedStrategy = await request(t.app, {
      method: 'PUT',
      url: '/api/leaderboard/strategy',
      cookie: champion.cookie,
      payload: { strategy: 'ask rivalco' },
    });
    expect(refusedStrategy.statusCode).toBe(400);
    expect(refusedStrategy.body.toLowerCase()).not.toContain('rivalco');

    const matches = (await getMatches()).json();
    expect(matches.matches).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ playerId: early.id, field: 'displayName', text: 'RivalCo Fan', reason: 'blocked', hidden: false }),
        expect.objectContaining({ playerId: champion.id, field: 'strategy', text: 'Think like RivalCo does', reason: 'blocked' }),
      ]),
    );
    expect(matches.matches.some((match: { playerId: string }) => match.playerId === newcomer.id)).toBe(false);

    // Removing the term frees the name again.
    expect((await putBlocklist(['acme corp'])).json()).toEqual({ terms: ['acme corp'] });
    expect((await putName(newcomer, 'RivalCo')).statusCode).toBe(200);
  });
});
