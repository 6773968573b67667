import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, session, user } from '../db/tables/auth.tables';
import { attempts } from '../db/tables/game.tables';
import { profiles } from '../db/tables/players.tables';
import { capturedMail } from '../db/tables/mail.tables';
import { playFullGame } from '../../tests/support/game';
import { openLiveBoardApp, type LiveBoardApp } from '../../tests/support/live-board';
import { followLink, latestMailTo, mailedCode, type TestPlayer } from '../../tests/support/players';
import { cookiesFrom, request, uniqueEmail, type TestApp } from '../../tests/support/test-app';
import { PASSWORD_PROOF_COOKIE } from './account-claim';

// An account belongs to whoever proves the mailbox: someone who signed up first with another's address and a password
// of their own keeps nothing once the owner confirms (docs/decisions/049-account-belongs-to-the-mailbox.md).
let live: LiveBoardApp;
let t: TestApp;
let organizer: TestPlayer;
beforeAll(async () => {
  live = await openLiveBoardApp({}, { organizer: true, backToBackGames: true });
  ({ t, organizer } = live);
});
afterAll(() => live?.close());

const ATTACKER_PASSWORD = 'attacker owns this';
const VICTIM_PASSWORD = 'victim owns the mailbox';

const setPlayFirst = (on: boolean) =>
  request(t.app, { method: 'PATCH', url: '/api/admin/event', cookie: organizer.cookie, payload: { playBeforeConfirming: on } });
const signUp = (email: string, password: string) =>
  request(t.app, { method: 'POST', url: '/api/auth/sign-up/email', payload: { email, password, name: '' } });
const signIn = (email: string, password: string, cookie = '') =>
  request(t.app, { method: 'POST', url: '/api/auth/sign-in/email', cookie, payload: { email, password } });
const sessionUser = async (cookie: string) =>
  (
    (await request(t.app, { method: 'GET', url: '/api/auth/get-session', cookie })).json() as {
      user?: { email: string; emailVerified: boolean };
    } | null
  )?.user ?? null;
const verifyCode = (email: string, otp: string, cookie = '') =>
  request(t.app, { method: 'POST', url: '/api/auth/email-otp/verify-email', cookie, payload: { email, otp } });
const codeFor = async (email: string) => mailedCode((await latestMailTo(t.database.db, email)).text)!;
const mailCount = async (email: string) =>
  (await t.database.db.select({ id: capturedMail.id }).from(capturedMail).where(eq(capturedMail.to, email))).length;
const winnersCsv = async () =>
  (await request(t.app, { method: 'GET', url: '/api/admin/winners.csv?top=100', cookie: organizer.cookie })).body;
const userIdOf = async (email: string) => (await t.database.db.select({ id: user.id }).from(user).where(eq(user.email, email)))[0].id;
const setName = (cookie: string, displayName: string) =>
  request(t.app, { method: 'PUT', url: '/api/profile', cookie, payload: { displayName } });

describe.each([
  { playFirst: false, label: 'play-first off' },
  { playFirst: true, label: 'play-first on' },
])('pre-account takeover ($label)', ({ playFirst }) => {
  beforeAll(async () => {
    expect((await setPlayFirst(playFirst)).statusCode).toBe(200);
  });

  it("attacker signs up with the victim's address, the victim signs up and confirms by code: nothing of the attacker's survives", async () => {
    const email = uniqueEmail('victim');
    const squatter = playFirst ? 'SquatterOn' : 'SquatterOff';
    const attackerUp = await signUp(email, ATTACKER_PASSWORD);
    expect(attackerUp.statusCode).toBe(200);
    const attacker = cookiesFrom(attackerUp);
    const id = await userIdOf(email);
    if (playFirst) {
      // Signed in at once: the attacker plays and takes a name under the victim's address.
      expect((await sessionUser(attacker))?.email).toBe(email);
      expect((await setName(attacker, squatter)).statusCode).toBe(200);
      await playFullGame(t.app, { id, email, password: ATTACKER_PASSWORD, cookie: attacker });
      expect(await t.database.db.select().from(attempts).where(eq(attempts.userId, id))).toHaveLength(1);
    }

    // The victim signs up: the generic answer, no session, and a mail with a new code.
    const victimUp = await signUp(email, VICTIM_PASSWORD);
    expect(victimUp.statusCode).toBe(200);
    expect(victimUp.json().token).toBeNull();
    const victim = cookiesFrom(victimUp);
    expect(victim).not.toContain('session_token');
    expect(victim).toContain(PASSWORD_PROOF_COOKIE);
    // Already now: the attacker's session is gone, the attacker's password does not sign in, the games are gone.
    expect(await sessionUser(attacker)).toBeNull();
    expect((await signIn(email, ATTACKER_PASSWORD)).statusCode).toBe(401);
    expect(await t.database.db.select().from(attempts).where(eq(attempts.userId, id))).toEqual([]);
    expect(await t.database.db.select().from(profiles).where(eq(profiles.id, id))).toEqual([]);

    const confirmed = await verifyCode(email, await codeFor(email), victim);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const victimSession = cookiesFrom(confirmed, victim);
    expect(await sessionUser(victimSession)).toMatchObject({ email, emailVerified: true });

    // Afterwards: the attacker's old session stays dead, the attacker's password gets 401, the victim's works.
    expect(await sessionUser(attacker)).toBeNull();
    const attackerAgain = await signIn(email, ATTACKER_PASSWORD);
    expect(attackerAgain.statusCode).toBe(401);
    expect(cookiesFrom(attackerAgain)).not.toContain('session_token');
    const victimIn = await signIn(email, VICTIM_PASSWORD);
    expect(victimIn.statusCode, victimIn.body).toBe(200);
    // The victim's account starts clean: no games of the attacker's, nothing in the winners' export, the name free.
    expect(await t.database.db.select().from(attempts).where(eq(attempts.userId, id))).toEqual([]);
    expect(await winnersCsv()).not.toContain(email);
    expect((await setName(victimSession, squatter)).statusCode).toBe(200);
    const me = await request(t.app, { method: 'GET', url: '/api/profile', cookie: victimSession });
    expect(me.json().displayName).toBe(squatter);
  });

  it("the victim signed up first and the attacker after: confirming in the victim's browser drops the attacker's password", async () => {
    const email = uniqueEmail('late-attacker');
    const victim = cookiesFrom(await signUp(email, VICTIM_PASSWORD));
    const attackerUp = await signUp(email, ATTACKER_PASSWORD);
    expect(attackerUp.json().token).toBeNull();
    const attacker = cookiesFrom(attackerUp);
    expect(attacker).not.toContain('session_token');
    // The attacker's password is the current one until the owner confirms.
    const id = await userIdOf(email);
    if (playFirst) {
      const attackerIn = await signIn(email, ATTACKER_PASSWORD, attacker);
      expect(attackerIn.statusCode).toBe(200);
      const attackerSession = cookiesFrom(attackerIn, attacker);
      expect((await setName(attackerSession, 'LateSquatter')).statusCode).toBe(200);
      await playFullGame(t.app, { id, email, password: ATTACKER_PASSWORD, cookie: attackerSession });
      expect(await t.database.db.select().from(attempts).where(eq(attempts.userId, id))).toHaveLength(1);
    }

    const confirmed = await verifyCode(email, await codeFor(email), victim);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const victimSession = cookiesFrom(confirmed, victim);
    expect(await sessionUser(victimSession)).toMatchObject({ email, emailVerified: true });
    // No password survives: neither the attacker's nor the victim's (the victim did not set the current one).
    expect((await signIn(email, ATTACKER_PASSWORD, attacker)).statusCode).toBe(401);
    expect((await signIn(email, VICTIM_PASSWORD)).statusCode).toBe(401);
    expect(await t.database.db.select().from(account).where(eq(account.userId, id))).toEqual([]);
    expect(await t.database.db.select().from(attempts).where(eq(attempts.userId, id))).toEqual([]);
    expect(await winnersCsv()).not.toContain(email);
    // Only the confirmer's session is left.
    const sessions = await t.database.db.select().from(session).where(eq(session.userId, id));
    expect(sessions).toHaveLength(1);

    // The "set a password" step: "Forgot password?" mails the owner a link to choose one.
    const asked = await request(t.app, {
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email, redirectTo: '/reset-password' },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const resetToken = new URL((await latestMailTo(t.database.db, email)).link!).pathname.split('/').at(-1)!;
    const reset = await request(t.app, {
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: resetToken, newPassword: 'the owner chose this' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await signIn(email, 'the owner chose this')).statusCode).toBe(200);
  });
});

describe('confirming keeps the password only in a browser that knows it', () => {
  beforeAll(async () => {
    expect((await setPlayFirst(false)).statusCode).toBe(200);
  });

  it('the link in the browser that signed up keeps the password; in another browser it drops it', async () => {
    const here = uniqueEmail('same-browser');
    const signedUp = cookiesFrom(await signUp(here, VICTIM_PASSWORD));
    const { response } = await followLink(t.app, (await latestMailTo(t.database.db, here)).link!, signedUp);
    expect(response.statusCode).toBe(302);
    expect((await signIn(here, VICTIM_PASSWORD)).statusCode).toBe(200);

    const elsewhere = uniqueEmail('other-browser');
    await signUp(elsewhere, VICTIM_PASSWORD);
    const followed = await followLink(t.app, (await latestMailTo(t.database.db, elsewhere)).link!);
    expect(followed.response.statusCode).toBe(302);
    expect(await sessionUser(followed.cookie)).toMatchObject({ email: elsewhere, emailVerified: true });
    expect((await signIn(elsewhere, VICTIM_PASSWORD)).statusCode).toBe(401);
  });

  it('the right password typed on another device proves it there too; every refusal sets the same cookie', async () => {
    const email = uniqueEmail('second-device');
    await signUp(email, VICTIM_PASSWORD);
    const wrong = await signIn(email, 'not the password');
    const right = await signIn(email, VICTIM_PASSWORD);
    // Both refused alike (the option is off): 401, and a proof cookie of the same shape, so it tells nothing.
    expect([wrong.statusCode, right.statusCode]).toEqual([401, 401]);
    expect(wrong.body).toBe(right.body);
    const proofOf = (response: typeof wrong) =>
      (response.cookies as Array<{ name: string; value: string }>).find((c) => c.name === PASSWORD_PROOF_COOKIE)?.value;
    expect(proofOf(wrong)).toHaveLength(proofOf(right)!.length);
    // The right password mails a new code in the background: type that one.
    await expect.poll(() => mailCount(email), { timeout: 10_000 }).toBe(2);
    const confirmed = await verifyCode(email, await codeFor(email), cookiesFrom(right));
    expect(confirmed.statusCode).toBe(200);
    expect((await signIn(email, VICTIM_PASSWORD)).statusCode).toBe(200);
  });

  it('confirming ends every other session of the account', async () => {
    expect((await setPlayFirst(true)).statusCode).toBe(200);
    const email = uniqueEmail('two-devices');
    const first = cookiesFrom(await signUp(email, VICTIM_PASSWORD));
    const second = cookiesFrom(await signIn(email, VICTIM_PASSWORD));
    expect((await sessionUser(first))?.email).toBe(email);
    expect((await sessionUser(second))?.email).toBe(email);
    const confirmed = await verifyCode(email, await codeFor(email), second);
    expect(confirmed.statusCode).toBe(200);
    expect(await sessionUser(first)).toBeNull();
    expect(await sessionUser(cookiesFrom(confirmed, second))).toMatchObject({ email, emailVerified: true });
    // The password was typed on this device: it stays.
    expect((await signIn(email, VICTIM_PASSWORD)).statusCode).toBe(200);
    expect((await setPlayFirst(false)).statusCode).toBe(200);
  });
});
