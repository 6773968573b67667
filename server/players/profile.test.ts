import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEADERBOARD_CHANNEL } from '../db/channels';
import { user } from '../db/tables/auth.tables';
import { profiles } from '../db/tables/players.tables';
import { createPlayer, type TestPlayer } from '../../tests/support/players';
import { createTestApp, request, type TestApp } from '../../tests/support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const getProfile = (player: TestPlayer) => request(t.app, { method: 'GET', url: '/api/profile', cookie: player.cookie });
const putProfile = (player: TestPlayer, payload: unknown) =>
  request(t.app, { method: 'PUT', url: '/api/profile', cookie: player.cookie, payload: payload as object });
const profileRow = async (id: string) => (await t.database.db.select().from(profiles).where(eq(profiles.id, id)))[0];

describe('profile', () => {
  it('starts empty, then saves a trimmed name and phone; an empty phone keeps the saved one', async () => {
    const player = await createPlayer(t.app, t.database.db);
    expect((await getProfile(player)).json()).toEqual({ displayName: null, phoneNumber: null, suggestedName: null });

    const notifications: string[] = [];
    const unlisten = await t.database.listen(LEADERBOARD_CHANNEL, (payload) => notifications.push(payload));
    const saved = await putProfile(player, { displayName: '  Nova  ', phoneNumber: '  +44 20 7946 0958 ' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ displayName: 'Nova', phoneNumber: '+44 20 7946 0958', suggestedName: null });
    await expect.poll(() => notifications, { timeout: 5000 }).toContain('');
    await unlisten();

    const renamed = await putProfile(player, { displayName: 'Nova Prime', phoneNumber: '   ' });
    expect(renamed.json()).toEqual({ displayName: 'Nova Prime', phoneNumber: '+44 20 7946 0958', suggestedName: null });
    expect((await putProfile(player, { displayName: 'x'.repeat(20) })).json().displayName).toBe('x'.repeat(20));
  });

  it('suggests the sign-in profile name only when it fits and is clean', async () => {
    const player = await createPlayer(t.app, t.database.db);
    const suggestion = async (name: string) => {
      await t.database.db.update(user).set({ name }).where(eq(user.id, player.id));
      return (await getProfile(player)).json().suggestedName;
    };
    expect(await suggestion('Ada Lovelace')).toBe('Ada Lovelace');
    expect(await suggestion('  Grace Hopper  ')).toBe('Grace Hopper');
    expect(await suggestion('Maximilian Alexander Grünewald')).toBeNull();
    expect(await suggestion('Shit Head')).toBeNull();
  });

  it('refuses bad and offensive names with clear errors and changes nothing', async () => {
    const player = await createPlayer(t.app, t.database.db);
    await putProfile(player, { displayName: 'Keeper', phoneNumber: '123' });
    const before = await profileRow(player.id);
    const invalid: unknown[] = [
      { displayName: '' },
      { displayName: '    ' },
      { displayName: 'x'.repeat(21) },
      { displayName: 42 },
      {},
      { displayName: 'ok', phoneNumber: 7 },
    ];
    for (const payload of invalid) {
      const response = await putProfile(player, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().code).toBe('VALIDATION');
      expect(response.json().message.length).toBeGreaterThan(5);
    }
    for (const displayName of ['fuck', 'ShitHead99', 'f u c k', 'Nova\u202eevil']) {
      const response = await putProfile(player, { displayName });
      expect(response.statusCode, displayName).toBe(400);
      expect(response.json()).toEqual({ code: 'NAME_REFUSED', message: expect.stringMatching(/not allowed|cannot contain/) });
    }
    expect(await profileRow(player.id)).toEqual(before);
  });

  it('accepts only digits, spaces and + - ( ) in a phone number, and changes nothing when refusing', async () => {
    const player = await createPlayer(t.app, t.database.db);
    for (const [phone, stored] of [
      ['+1 (555) 123-4567', '+1 (555) 123-4567'],
      ['0049 170 1234567', '0049 170 1234567'],
      ['+49\u00a0170\u202f1234', '+49 170 1234'],
    ]) {
      const saved = await putProfile(player, { displayName: 'Dialler', phoneNumber: phone });
      expect(saved.statusCode, phone).toBe(200);
      expect(saved.json().phoneNumber).toBe(stored);
    }
    const before = await profileRow(player.id);
    for (const phone of ['x;=HYPERLINK(A1);', '=1+1', '+49 170 123;4', '+1 555 0100 ext. 3', 'call me', '12']) {
      const response = await putProfile(player, { displayName: 'Dialler', phoneNumber: phone });
      expect(response.statusCode, phone).toBe(400);
      expect(response.json()).toEqual({ code: 'VALIDATION', message: expect.stringMatching(/digits, spaces and \+ - \( \)/) });
    }
    expect(await profileRow(player.id)).toEqual(before);
  });

  it('refuses a name that differs from a taken one only by blank letters (Hangul fillers, braille blank)', async () => {
    const owner = await createPlayer(t.app, t.database.db);
    expect((await putProfile(owner, { displayName: 'Champ5083' })).statusCode).toBe(200);
    const impostor = await createPlayer(t.app, t.database.db);
    for (const name of ['Champ5083\u3164', 'Champ5083\u2800', 'Champ5083\u1160', '\uFFA0Champ5083', 'Champ\u115F5083', 'Champ5083\u17B5']) {
      const response = await putProfile(impostor, { displayName: name });
      expect(response.statusCode, JSON.stringify(name)).toBe(400);
      expect(response.json().code).toBe('NAME_REFUSED');
    }
    expect(await profileRow(impostor.id)).toBeUndefined();
  });

  it('generates fresh fun names of at most 20 characters', async () => {
    const player = await createPlayer(t.app, t.database.db);
    const names = new Set<string>();
    for (let i = 0; i < 10; i++) {
      const response = await request(t.app, { method: 'POST', url: '/api/profile/generate-name', cookie: player.cookie });
      expect(response.statusCode).toBe(200);
      const { displayName } = response.json();
      expect(displayName).toMatch(/^[A-Z][a-z]+[A-Z][a-z]+\d{1,2}$/);
      expect(displayName.length).toBeLessThanOrEqual(20);
      names.add(displayName);
    }
    expect(names.size).toBeGreaterThan(5);
    // Generating does not save anything.
    expect((await getProfile(player)).json().displayName).toBeNull();
  });
});
