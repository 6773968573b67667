import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authErrorCodes, PROOF_OF_WORK_HEADER, PROOF_OF_WORK_PATH } from '@contracts/auth.rules';
import { session, user } from '../db/tables/auth.tables';
import { latestMailTo, mailedCode } from '../../tests/support/players';
import { postAsBrowser, solveProofOfWork } from '../../tests/support/proof-of-work';
import { type SecondInstance, useAuthLimitedApps } from '../../tests/support/auth-limits';
import { cookiesFrom, TEST_ORIGIN, uniqueEmail, type TestApp } from '../../tests/support/test-app';

// One abuser and the crowd behind the same venue address. The real limiter on the real routes; only the limiter's
// clock is ours, so minutes pass without sleeping (docs/decisions/032).
const VENUE = '203.0.113.9';
let now = Date.now();
const clock = () => now;

let t: TestApp;
let second: SecondInstance;
useAuthLimitedApps(clock, (apps) => ({ t, second } = apps));

const post = (url: string, payload: object, from = VENUE, headers: Record<string, string> = {}, app = t.app) =>
  app.inject({ method: 'POST', url, remoteAddress: from, headers: { origin: TEST_ORIGIN, ...headers }, payload });
const signUpPayload = (email: string) => ({ email, password: 'secret12', name: '' });
/** Each test starts on a fresh minute and hour, so one attack's counters do not carry into the next. */
const nextHour = () => (now += 60 * 60_000 + 1);

describe('the three attacks of one abuser behind the venue address', () => {
  it('155 junk sign-ups in 20 s: the next walk-up is asked for a proof of work, solves it and signs up', async () => {
    nextHour();
    for (let i = 0; i < 155; i++) {
      now += Math.round(20_000 / 155);
      await post('/api/auth/sign-up/email', signUpPayload(uniqueEmail('junk')));
    }
    const email = uniqueEmail('walkup');
    const refused = await post('/api/auth/sign-up/email', signUpPayload(email));
    // Before: 429 RATE_LIMITED, retry-after 35 s, for everyone behind the address.
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: authErrorCodes.proofOfWorkRequired,
      challenge: { algorithm: 'SHA-256', maxnumber: expect.any(Number) },
    });
    const proof = solveProofOfWork(refused.json().challenge);
    expect((await post('/api/auth/sign-up/email', signUpPayload(email), VENUE, { [PROOF_OF_WORK_HEADER]: proof })).statusCode).toBe(200);
    // The address is under pressure: the sign-in page is handed a challenge ahead.
    const status = await t.app.inject({ method: 'GET', url: PROOF_OF_WORK_PATH, remoteAddress: VENUE });
    expect(status.json()).toMatchObject({ required: true, challenge: { algorithm: 'SHA-256' } });
    expect((await t.app.inject({ method: 'GET', url: PROOF_OF_WORK_PATH, remoteAddress: '192.0.2.1' })).json()).toEqual({
      required: false,
      challenge: null,
    });
  }, 180_000);

  it('300 junk codes for made-up addresses: the player typing the right code is asked for a proof of work, then verified', async () => {
    nextHour();
    const email = uniqueEmail('coder');
    await postAsBrowser(t.app, '/api/auth/sign-up/email', signUpPayload(email), { from: '192.0.2.30' });
    const code = mailedCode((await latestMailTo(t.database.db, email)).text)!;
    for (let i = 0; i < 300; i++) await post('/api/auth/email-otp/verify-email', { email: uniqueEmail('made-up'), otp: '000000' });
    const refused = await post('/api/auth/email-otp/verify-email', { email, otp: code });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe(authErrorCodes.proofOfWorkRequired);
    const verified = await postAsBrowser(t.app, '/api/auth/email-otp/verify-email', { email, otp: code }, { from: VENUE });
    expect(verified.statusCode).toBe(200);
    expect(cookiesFrom(verified)).toMatch(/session_token=/);
  }, 180_000);

  it('301 wrong passwords sprayed over made-up accounts: a real player with the right password gets in with a proof of work', async () => {
    nextHour();
    const email = uniqueEmail('sprayed');
    const signedUp = await postAsBrowser(t.app, '/api/auth/sign-up/email', signUpPayload(email), { from: '192.0.2.31' });
    const code = mailedCode((await latestMailTo(t.database.db, email)).text)!;
    const cookie = cookiesFrom(signedUp);
    expect(
      (await postAsBrowser(t.app, '/api/auth/email-otp/verify-email', { email, otp: code }, { from: '192.0.2.31', cookie })).statusCode,
    ).toBe(200);
    for (let i = 0; i < 301; i++) await post('/api/auth/sign-in/email', { email: uniqueEmail('made-up'), password: `wrong-${i}` });
    const refused = await post('/api/auth/sign-in/email', { email, password: 'secret12' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe(authErrorCodes.proofOfWorkRequired);
    expect((await postAsBrowser(t.app, '/api/auth/sign-in/email', { email, password: 'secret12' }, { from: VENUE })).statusCode).toBe(200);
  }, 180_000);
});

describe('a proof of work', () => {
  const overCeiling = async () => {
    nextHour();
    for (let i = 0; i < 151; i++) await post('/api/auth/sign-up/email', signUpPayload(uniqueEmail('fill')), '198.51.100.40');
    const refused = await post('/api/auth/sign-up/email', signUpPayload(uniqueEmail()), '198.51.100.40');
    expect(refused.json().code).toBe(authErrorCodes.proofOfWorkRequired);
    return refused.json().challenge;
  };

  it('is spent once, on every instance; a forged or malformed one passes nothing and breaks nothing', async () => {
    const proof = solveProofOfWork(await overCeiling());
    expect(
      (await post('/api/auth/sign-up/email', signUpPayload(uniqueEmail()), '198.51.100.40', { [PROOF_OF_WORK_HEADER]: proof })).statusCode,
    ).toBe(200);
    const replay = await post('/api/auth/sign-up/email', signUpPayload(uniqueEmail()), '198.51.100.40', { [PROOF_OF_WORK_HEADER]: proof });
    expect(replay.json().code).toBe(authErrorCodes.proofOfWorkRequired);
    const elsewhere = await post(
      '/api/auth/sign-up/email',
      signUpPayload(uniqueEmail()),
      '198.51.100.40',
      { [PROOF_OF_WORK_HEADER]: proof },
      second.app,
    );
    expect(elsewhere.json().code).toBe(authErrorCodes.proofOfWorkRequired);

    const again = await post('/api/auth/sign-up/email', signUpPayload(uniqueEmail()), '198.51.100.40');
    const decoded = JSON.parse(Buffer.from(solveProofOfWork(again.json().challenge), 'base64').toString());
    const forged = Buffer.from(JSON.stringify({ ...decoded, signature: 'f'.repeat(64) })).toString('base64');
    const wrongNumber = Buffer.from(JSON.stringify({ ...decoded, number: decoded.number + 1 })).toString('base64');
    for (const header of [forged, wrongNumber, 'not base64 at all', Buffer.from('{"algorithm":1}').toString('base64'), 'x'.repeat(5_000)]) {
      const response = await post('/api/auth/sign-up/email', signUpPayload(uniqueEmail()), '198.51.100.40', {
        [PROOF_OF_WORK_HEADER]: header,
      });
      expect(response.statusCode).toBe(429);
      expect(response.json().code).toBe(authErrorCodes.proofOfWorkRequired);
    }
  }, 180_000);

  it('never passes what the caller owns: mails to one recipient stay capped', async () => {
    const target = uniqueEmail('bombed');
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push(
        (await postAsBrowser(t.app, '/api/auth/request-password-reset', { email: target, redirectTo: '/reset-password' }, { from: VENUE }))
          .statusCode,
      );
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});

describe('one abuser at full speed for a minute while 50 walk-ups on the same address sign up, verify and sign in', () => {
  it('all 50 get in; the abuser is throttled; nothing the abuser did made a usable account', async () => {
    nextHour();
    const start = now;
    const MINUTE = 60_000;
    // The abuser: sign-ups, made-up codes and sprayed passwords, back to back, never solving a challenge. Each call
    // moves the limiter's clock on 50 ms, so 1,200 calls span the minute (20 a second, 400 of each kind: past every
    // ceiling of the address, 150 sign-ups and 300 codes and sign-ins, where every further call is refused the same way
    // however fast it comes). It runs for at least that minute and until the crowd is in.
    const ABUSER_CALLS = 1_200;
    const abuser = { sent: 0, accepted: 0, emails: [] as string[] };
    let walkUpsDone = false;
    // The crowd arrives once the abuser has had 30 s at it (200 calls of each kind): the sign-up ceiling is crossed,
    // the others are crossed while the crowd is in.
    let headStart!: () => void;
    const abuserHadHisHeadStart = new Promise<void>((resolve) => (headStart = resolve));
    const abuse = (async () => {
      while (abuser.sent < ABUSER_CALLS || !walkUpsDone) {
        const kind = abuser.sent % 3;
        abuser.sent++;
        now = Math.max(now, start + Math.round((abuser.sent * MINUTE) / ABUSER_CALLS));
        const email = uniqueEmail('abuse');
        const response =
          kind === 0
            ? await post('/api/auth/sign-up/email', signUpPayload(email))
            : kind === 1
              ? await post('/api/auth/email-otp/verify-email', { email, otp: '123456' })
              : await post('/api/auth/sign-in/email', { email, password: 'not-it' });
        if (kind === 0) abuser.emails.push(email);
        if (response.statusCode !== 429) abuser.accepted++;
        if (abuser.sent === ABUSER_CALLS / 2) headStart();
      }
    })();

    const stats = { solved: 0 };
    const walkUp = async (n: number) => {
      const email = uniqueEmail(`crowd${n}`);
      const password = `walk-up ${n}`;
      const signUp = await postAsBrowser(t.app, '/api/auth/sign-up/email', { email, password, name: '' }, { from: VENUE, stats });
      expect(signUp.statusCode, signUp.body).toBe(200);
      const code = mailedCode((await latestMailTo(t.database.db, email)).text)!;
      // In the browser that signed up: it proves the password, which confirming there keeps (account-claim.ts).
      const cookie = cookiesFrom(signUp);
      const verified = await postAsBrowser(t.app, '/api/auth/email-otp/verify-email', { email, otp: code }, { from: VENUE, stats, cookie });
      expect(verified.statusCode, verified.body).toBe(200);
      // The second device: no cookie at all.
      const signIn = await postAsBrowser(t.app, '/api/auth/sign-in/email', { email, password }, { from: VENUE, stats });
      expect(signIn.statusCode, signIn.body).toBe(200);
      return email;
    };
    // Five phones at a time, while the abuser runs.
    await abuserHadHisHeadStart;
    const crowd: string[] = [];
    for (let batch = 0; batch < 10; batch++) crowd.push(...(await Promise.all(Array.from({ length: 5 }, (_, i) => walkUp(batch * 5 + i)))));
    walkUpsDone = true;
    await abuse;
    expect(walkUpsDone).toBe(true);
    expect(crowd).toHaveLength(50);
    // They met the ceilings the abuser filled, and passed them with a proof of work.
    expect(stats.solved).toBeGreaterThan(0);
    const verified = await t.database.db.select({ email: user.email }).from(user).where(inArray(user.email, crowd));
    expect(verified).toHaveLength(50);

    // Throttled: only what the address ceilings let through in each minute was served (150 sign-ups, 300 codes,
    // 300 sign-ins), the rest refused.
    const minutes = Math.ceil((now - start) / MINUTE);
    expect(abuser.sent).toBeGreaterThanOrEqual(ABUSER_CALLS);
    expect(abuser.accepted).toBeLessThanOrEqual(minutes * 750);
    // Nothing usable: no abuser account is verified or has a session, and signing in to one gets nowhere.
    const abuserUsers = await t.database.db
      .select({ id: user.id, verified: user.emailVerified })
      .from(user)
      .where(inArray(user.email, abuser.emails));
    expect(abuserUsers.every((row) => !row.verified)).toBe(true);
    const abuserSessions = abuserUsers.length
      ? await t.database.db
          .select({ id: session.id })
          .from(session)
          .where(
            inArray(
              session.userId,
              abuserUsers.map((row) => row.id),
            ),
          )
      : [];
    expect(abuserSessions).toEqual([]);
    const [someAbuser] = abuser.emails;
    const tryIt = await postAsBrowser(
      t.app,
      '/api/auth/sign-in/email',
      { email: someAbuser, password: 'secret12' },
      { from: '192.0.2.200' },
    );
    expect(tryIt.statusCode).toBe(401);
    const [row] = await t.database.db.select({ verified: user.emailVerified }).from(user).where(eq(user.email, someAbuser));
    expect(row?.verified ?? false).toBe(false);
    console.info(
      `abuser: ${abuser.accepted} of ${abuser.sent} calls served over ${minutes} min; walk-ups solved ${stats.solved} challenges for 150 calls`,
    );
  }, 400_000);
});
