// docs/decisions/010 (mail outbox): with real SMTP, sign-up and reset timing told which addresses have accounts, and an outage lost mail.
// Mail now goes through a durable outbox: requests only queue it, a worker sends it with retries.
import { createServer } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { eq } from 'drizzle-orm';
import { user } from '../db/tables/auth.tables';
import { mailOutbox } from '../db/tables/mail.tables';
import { createPlayer } from '../../tests/support/players';
import { createTestApp, request, uniqueEmail, type TestApp } from '../../tests/support/test-app';

/** A real SMTP server that keeps what it receives; while `held`, it accepts connections but answers nothing. */
async function startSmtpServer(port = 0) {
  const received: Array<{ to: string[]; raw: string }> = [];
  let connections = 0;
  let release: () => void = () => undefined;
  let held: Promise<void> | undefined;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onConnect(_session, callback) {
      connections++;
      if (held) void held.then(() => callback());
      else callback();
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk) => (raw += chunk));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    port: (server.server.address() as { port: number }).port,
    received,
    connections: () => connections,
    hold() {
      held = new Promise((resolve) => (release = resolve));
    },
    release() {
      held = undefined;
      release();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A port nothing listens on (the mail server is down). */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

const outboxRows = (t: TestApp) => t.database.db.select().from(mailOutbox);
const signUp = (t: TestApp, email: string) =>
  request(t.app, { method: 'POST', url: '/api/auth/sign-up/email', payload: { email, password: 'secret12', name: '' } });

describe('mail outbox with a stalled mail server', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_RETRY_BASE_MS: '50', MAIL_OUTBOX_POLL_MS: '50' });
  });
  afterAll(async () => {
    smtp?.release();
    await t?.close();
    await smtp?.close();
  });

  it('answers sign-up and reset for new and existing addresses without waiting for the mail server', async () => {
    // Confirmed: an address not confirmed yet gets a new code instead of "you already have an account" (auth.ts).
    const existing = await createPlayer(t.app, t.database.db, { verify: false });
    await t.database.db.update(user).set({ emailVerified: true }).where(eq(user.id, existing.id));
    await expect.poll(() => smtp.received.length).toBe(1);
    smtp.hold();
    const fresh = uniqueEmail();
    // The mail server answers nothing now: any request that waited on it would hang here.
    const responses = await Promise.all([
      signUp(t, fresh),
      signUp(t, existing.email),
      request(t.app, {
        method: 'POST',
        url: '/api/auth/request-password-reset',
        payload: { email: existing.email, redirectTo: '/reset-password' },
      }),
      request(t.app, {
        method: 'POST',
        url: '/api/auth/request-password-reset',
        payload: { email: uniqueEmail('nobody'), redirectTo: '/reset-password' },
      }),
    ]);
    for (const response of responses) expect(response.statusCode, response.body).toBe(200);
    // Same answer for the new and the existing address.
    expect(Object.keys(responses[0].json()).sort()).toEqual(Object.keys(responses[1].json()).sort());
    expect(smtp.received).toHaveLength(1);
    // Each address got exactly one queued mail: verification, "you already have an account", reset.
    const queued = (await outboxRows(t)).map((row) => `${row.to === fresh ? 'fresh' : 'existing'}: ${row.subject}`).sort();
    expect(queued).toEqual([
      'existing: Reset your Guess the Genesis password',
      'existing: You already have a Guess the Genesis account',
      'fresh: Confirm your e-mail for Guess the Genesis',
    ]);

    smtp.release();
    await expect.poll(() => smtp.received.length, { timeout: 20_000 }).toBe(4);
    await expect.poll(async () => (await outboxRows(t)).length).toBe(0);
    expect(smtp.received.map((mail) => mail.to[0]).sort()).toEqual([existing.email, existing.email, existing.email, fresh].sort());
  });
});

describe('mail outbox during a mail server outage', () => {
  let port: number;
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>> | undefined;
  beforeAll(async () => {
    port = await freePort();
    t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_RETRY_BASE_MS: '50', MAIL_OUTBOX_POLL_MS: '50' });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('keeps retrying while the server is down and delivers every mail once it is back', async () => {
    const emails = [uniqueEmail('outage'), uniqueEmail('outage'), uniqueEmail('outage')];
    for (const email of emails) expect((await signUp(t, email)).statusCode).toBe(200);
    // Failed attempts are recorded and the mail stays queued.
    await expect.poll(async () => (await outboxRows(t)).every((row) => row.attempts >= 2 && row.lastError), { timeout: 20_000 }).toBe(true);
    expect(await outboxRows(t)).toHaveLength(3);

    smtp = await startSmtpServer(port);
    await expect.poll(() => smtp!.received.length, { timeout: 30_000 }).toBe(3);
    expect(smtp.received.map((mail) => mail.to[0]).sort()).toEqual([...emails].sort());
    await expect.poll(async () => (await outboxRows(t)).length).toBe(0);
  });

  it('survives a restart: mail queued by an app that closed is sent by the next one', async () => {
    smtp ??= await startSmtpServer(port);
    smtp.hold();
    const email = uniqueEmail('restart');
    expect((await signUp(t, email)).statusCode).toBe(200);
    await t.app.close();
    smtp.release();
    expect(smtp.received.filter((mail) => mail.to[0] === email)).toHaveLength(0);
    // The restarted server (a new app on the same database) finds the queued mail and sends it.
    const restarted = await buildApp({
      env: t.env,
      database: t.database,
      authSecret: 'test-secret-test-secret-test-secret-0123',
      scorer: t.scorer,
      logger: false,
    });
    await restarted.ready();
    try {
      await expect.poll(() => smtp!.received.filter((mail) => mail.to[0] === email).length, { timeout: 20_000 }).toBe(1);
      await expect.poll(async () => (await outboxRows(t)).length).toBe(0);
    } finally {
      await restarted.close();
    }
  });
});
