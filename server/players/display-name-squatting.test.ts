import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user } from '../db/tables/auth.tables';
import { profiles } from '../db/tables/players.tables';
import { eventSettings } from '../db/tables/event.tables';
import { createPlayer, type TestPlayer } from '../../tests/support/players';
import { cookiesFrom, createTestApp, request, uniqueEmail, type TestApp } from '../../tests/support/test-app';
import { NAME_TAKEN_MESSAGE } from './profile.service';

// With play-first on, an unconfirmed throwaway account could hold a display name for the 24 h it lives.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.database.db
    .insert(eventSettings)
    .values({ id: 1, playBeforeConfirming: true })
    .onConflictDoUpdate({ target: eventSettings.id, set: { playBeforeConfirming: true } });
});
afterAll(() => t?.close());

const setName = (cookie: string, displayName: string) =>
  request(t.app, { method: 'PUT', url: '/api/profile', cookie, payload: { displayName } });
const nameOf = async (id: string) =>
  (await t.database.db.select({ name: profiles.displayName }).from(profiles).where(eq(profiles.id, id)))[0]?.name ?? null;

/** Signed up and playing, never confirmed. */
async function unconfirmed(): Promise<TestPlayer> {
  const email = uniqueEmail('throwaway');
  const response = await request(t.app, {
    method: 'POST',
    url: '/api/auth/sign-up/email',
    payload: { email, password: 'throwaway pass', name: '' },
  });
  expect(response.json().token).toEqual(expect.any(String));
  const [row] = await t.database.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  return { id: row.id, email, password: 'throwaway pass', cookie: cookiesFrom(response) };
}

describe("an unconfirmed account's display name", () => {
  it('is not reserved against a confirmed player: the confirmed one gets it, the squatter is asked for another', async () => {
    const squatter = await unconfirmed();
    expect((await setName(squatter.cookie, 'StarPlayer')).statusCode).toBe(200);
    const confirmed = await createPlayer(t.app, t.database.db);
    // Look-alikes count as the same name.
    const taken = await setName(confirmed.cookie, 'starp1ayer');
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json().displayName).toBe('starp1ayer');
    expect(await nameOf(squatter.id)).toBeNull();
    // The squatter must choose again before the next game, and cannot take it back.
    const start = await request(t.app, { method: 'POST', url: '/api/game/start', cookie: squatter.cookie });
    expect(start.json().code).toBe('DISPLAY_NAME_REQUIRED');
    const back = await setName(squatter.cookie, 'StarPlayer');
    expect(back.statusCode).toBe(400);
    expect(back.json().message).toBe(NAME_TAKEN_MESSAGE);
  });

  it('still holds against another unconfirmed account, and a confirmed name holds against everyone', async () => {
    const first = await unconfirmed();
    expect((await setName(first.cookie, 'EarlyOwl')).statusCode).toBe(200);
    const second = await unconfirmed();
    expect((await setName(second.cookie, 'EarlyOwl')).json().message).toBe(NAME_TAKEN_MESSAGE);
    expect(await nameOf(first.id)).toBe('EarlyOwl');

    const owner = await createPlayer(t.app, t.database.db);
    expect((await setName(owner.cookie, 'NightOwl')).statusCode).toBe(200);
    const other = await createPlayer(t.app, t.database.db);
    expect((await setName(other.cookie, 'NightOwl')).json().message).toBe(NAME_TAKEN_MESSAGE);
    expect((await setName(first.cookie, 'NightOwl')).json().message).toBe(NAME_TAKEN_MESSAGE);
    expect(await nameOf(owner.id)).toBe('NightOwl');
  });
});
