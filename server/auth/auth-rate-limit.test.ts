import { eq, like, or } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rateLimitCounters } from '../db/tables/limits.tables';
import { forgetRateLimitsFor } from '../limits/limits.store';
import { createPlayer, type TestPlayer } from '../../tests/support/players';
import { type SecondInstance, useAuthLimitedApps, wrongPasswordsFrom } from '../../tests/support/auth-limits';
import { cookiesFrom, uniqueEmail, type TestApp } from '../../tests/support/test-app';

// The real limiter on the real routes; only the limiter's clock is ours, so windows pass without sleeping.
const VENUE_NAT = '203.0.113.5';
let now = Date.now();
const clock = () => now;
const advance = (ms: number) => (now += ms);

let t: TestApp;
let second: SecondInstance;
useAuthLimitedApps(clock, (apps) => ({ t, second } = apps));

const signIn = (email: string, password: string, from: string, options: { app?: TestApp['app']; cookie?: string } = {}) =>
  (options.app ?? t.app).inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    remoteAddress: from,
    headers: { origin: 'http://localhost:3000', ...(options.cookie ? { cookie: options.cookie } : {}) },
    payload: { email, password },
  });
const post = (url: string, payload: object, from: string) =>
  t.app.inject({ method: 'POST', url, remoteAddress: from, headers: { origin: 'http://localhost:3000' }, payload });

let victim: TestPlayer;
beforeAll(async () => {
  victim = await createPlayer(t.app, t.database.db);
});

/** `count` requests from a crowd, eight phones at a time; the status of each. */
async function eightPhonesAtATime(count: number, send: () => Promise<{ statusCode: number }>): Promise<number[]> {
  const statuses: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < count) {
        next++;
        statuses.push((await send()).statusCode);
      }
    }),
  );
  return statuses;
}

describe('a crowd behind one address', () => {
  it('500 walk-ups from one venue address sign up within 10 minutes, all accepted', async () => {
    // The clock moves 1.2 s per sign-up, so the 500 spread over 10 minutes.
    const statuses = await eightPhonesAtATime(500, () => {
      advance(1_200);
      return post('/api/auth/sign-up/email', { email: uniqueEmail('walkup'), password: 'secret12', name: '' }, VENUE_NAT);
    });
    expect(statuses).toHaveLength(500);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
  }, 600_000); // 500 sign-ups one after another beside the whole suite: a hang guard, not a speed claim
});

describe('one address hammering one account', () => {
  it('is throttled with a growing backoff while the owner elsewhere still signs in', async () => {
    const attacker = '198.51.100.66';
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await signIn(victim.email, `wrong-${i}`, attacker)).statusCode);
    const firstRefusal = statuses.indexOf(429);
    expect(firstRefusal).toBeGreaterThan(2);
    expect(firstRefusal).toBeLessThanOrEqual(6);
    expect(statuses.slice(0, firstRefusal).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(firstRefusal).every((status) => status === 429)).toBe(true);

    // Refused means refused, even with the right password (no oracle), and says when to come back.
    const blocked = await signIn(victim.email, victim.password, attacker);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({
      code: 'RATE_LIMITED',
      message: expect.stringMatching(/^Too many sign-in attempts\. Please wait \d+ (seconds?|minutes?) and try again\.$/),
    });
    const firstWait = Number(blocked.headers['retry-after']);
    expect(firstWait).toBeGreaterThan(0);

    // The owner, on another network, is not locked out.
    expect((await signIn(victim.email, victim.password, '192.0.2.10')).statusCode).toBe(200);

    // After the wait one more try is allowed; another failure doubles the wait.
    advance(firstWait * 1000 + 1);
    expect((await signIn(victim.email, 'wrong-again', attacker)).statusCode).toBe(401);
    const again = await signIn(victim.email, 'wrong-again', attacker);
    expect(again.statusCode).toBe(429);
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(firstWait);
  });

  it('shares one budget across instances: failures on A block the same account on B', async () => {
    const player = await createPlayer(t.app, t.database.db);
    const attacker = '198.51.100.77';
    let status = 0;
    for (let i = 0; i < 10 && status !== 429; i++) status = (await signIn(player.email, 'nope', attacker)).statusCode;
    expect(status).toBe(429);
    expect((await signIn(player.email, 'nope', attacker, { app: second.app })).statusCode).toBe(429);
  });

  it('a botnet cannot lock the owner out: the account-wide backoff is capped, and a known device skips it', async () => {
    const player = await createPlayer(t.app, t.database.db);
    // The owner signed in on this phone before: the response left a device cookie for the account.
    const owned = await signIn(player.email, player.password, '192.0.2.20');
    expect(owned.statusCode).toBe(200);
    const ownerCookie = cookiesFrom(owned);
    expect(ownerCookie).toMatch(/gg_device=/);

    // Wrong passwords from many addresses, two each (under the per-address backoff).
    let lockedForNewcomers = false;
    for (let i = 0; i < 40 && !lockedForNewcomers; i++) {
      for (let j = 0; j < 2; j++) await signIn(player.email, 'guess', `10.9.${i}.${j + 1}`);
      lockedForNewcomers = (await signIn(player.email, player.password, `10.8.${i}.1`)).statusCode === 429;
    }
    expect(lockedForNewcomers).toBe(true);

    // The owner's phone still gets in, on any network.
    expect((await signIn(player.email, player.password, '192.0.2.99', { cookie: ownerCookie })).statusCode).toBe(200);
    // A forged device cookie does not.
    expect((await signIn(player.email, player.password, '10.7.0.1', { cookie: 'gg_device=forged' })).statusCode).toBe(429);
    // And the block is bounded: at most 5 minutes later a new device signs in with the right password.
    advance(5 * 60_000 + 1);
    expect((await signIn(player.email, player.password, '10.7.0.1')).statusCode).toBe(200);
  });
});

describe('mails', () => {
  it('are limited per recipient, not per address: a fourth reset to one person is refused, others still get theirs', async () => {
    const target = uniqueEmail('bombed');
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push(
        (await post('/api/auth/request-password-reset', { email: target, redirectTo: '/reset-password' }, VENUE_NAT)).statusCode,
      );
    expect(statuses).toEqual([200, 200, 200, 429]);
    const resend = await post('/api/auth/send-verification-email', { email: target, callbackURL: '/play' }, '192.0.2.44');
    expect(resend.statusCode).toBe(429);
    expect(Number(resend.headers['retry-after'])).toBeGreaterThan(0);
    expect(
      (await post('/api/auth/request-password-reset', { email: uniqueEmail(), redirectTo: '/reset-password' }, VENUE_NAT)).statusCode,
    ).toBe(200);
  });
});

describe('verification codes', () => {
  it('one address may type 300 codes a minute (a venue NAT), the 301st needs a proof of work, another address does not', async () => {
    const venue = '203.0.113.77';
    const verify = (email: string, from: string) => post('/api/auth/email-otp/verify-email', { email, otp: '000000' }, from);
    // Different players' codes from one public address.
    const statuses = await eightPhonesAtATime(300, () => verify(uniqueEmail('code'), venue));
    expect(statuses).toHaveLength(300);
    expect(statuses.filter((status) => status !== 400)).toEqual([]);
    const refused = await verify(uniqueEmail('code'), venue);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('PROOF_OF_WORK_REQUIRED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await verify(uniqueEmail('code'), '192.0.2.77')).statusCode).toBe(400);
    // The window passes and the address is let in again.
    advance(60_000 + 1);
    expect((await verify(uniqueEmail('code'), venue)).statusCode).toBe(400);
  }, 120_000);
});

describe('the address the limits see', () => {
  it('ignores x-forwarded-for without TRUST_PROXY, and a forged x-gg-client-ip', async () => {
    const player = await createPlayer(t.app, t.database.db);
    const status = await wrongPasswordsFrom(t.app, player.email, '198.51.100.88', (i) => ({
      'x-forwarded-for': `192.0.2.${i + 1}`,
      'x-gg-client-ip': `192.0.2.${i + 100}`,
    }));
    expect(status).toBe(429);
  });
});

describe('forgetRateLimitsFor', () => {
  it("removes the rows keyed on a player (e-mail or user id) and nobody else's", async () => {
    const player = await createPlayer(t.app, t.database.db);
    await signIn(player.email, 'wrong', '198.51.100.99');
    await post('/api/auth/request-password-reset', { email: player.email.toUpperCase(), redirectTo: '/reset-password' }, '198.51.100.99');
    const rowsFor = () =>
      t.database.db
        .select()
        .from(rateLimitCounters)
        .where(or(eq(rateLimitCounters.subject, player.email), like(rateLimitCounters.key, `%${player.email}%`)));
    expect((await rowsFor()).length).toBeGreaterThanOrEqual(3);
    const othersBefore = (await t.database.db.select().from(rateLimitCounters)).length - (await rowsFor()).length;
    expect(await forgetRateLimitsFor(t.database.db, { userId: player.id, email: player.email.toUpperCase() })).toBeGreaterThanOrEqual(3);
    expect(await rowsFor()).toEqual([]);
    expect((await t.database.db.select().from(rateLimitCounters)).length).toBe(othersBefore);
  });
});
