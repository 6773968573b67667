import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capturedMail } from '../db/tables/mail.tables';
import { createTestApp, request, uniqueEmail, type TestApp } from '../../tests/support/test-app';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** Subject and decoded body of a raw RFC 5322 message (nodemailer writes quoted-printable parts). */
function parseRawMail(raw: string) {
  const [head] = raw.split(/\r?\n\r?\n/);
  const subject = head.replace(/\r?\n[ \t]+/g, ' ').match(/^Subject: (.*)$/im)?.[1];
  const body = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return { subject, body };
}

/** A real SMTP server on localhost that keeps what it receives. */
async function startSmtpServer() {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk) => (raw += chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return { port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('mail over SMTP (SMTP_URL set)', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'Guess the Genesis <game@example.test>' });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it("delivers a sign-up's verification mail over SMTP and captures nothing", async () => {
    const email = uniqueEmail();
    const signUp = await request(t.app, {
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { email, password: 'secret1', name: '', callbackURL: '/play' },
    });
    expect(signUp.statusCode).toBe(200);

    await expect.poll(() => smtp.received.length).toBe(1);
    const [envelope] = smtp.received;
    expect(envelope.to).toEqual([email]);
    expect(envelope.from).toBe('game@example.test');
    const parsed = parseRawMail(envelope.raw);
    expect(parsed.subject).toBe('Confirm your e-mail for Guess the Genesis');
    expect(envelope.raw).toMatch(new RegExp(`^To: ${email}$`, 'm'));
    const link = parsed.body.match(/https?:\/\/\S+/)![0];
    expect(link).toMatch(/^http:\/\/localhost:3000\/api\/auth\/verify-email\?token=[\w.-]+&callbackURL=%2Fplay$/);
    expect(parsed.body).toContain(`href="${link.replace(/&/g, '&amp;')}"`);

    // The link works: following it verifies the account.
    const url = new URL(link);
    const verify = await request(t.app, { method: 'GET', url: url.pathname + url.search, navigation: true });
    expect(verify.statusCode).toBe(302);
    expect(verify.headers.location).toBe('/play');

    expect(await t.database.db.select().from(capturedMail)).toEqual([]);
  });

  it('does not offer the captured-mail pages', async () => {
    expect((await request(t.app, { method: 'GET', url: '/dev/mail.json' })).statusCode).toBe(404);
    expect((await request(t.app, { method: 'GET', url: '/dev/mail' })).statusCode).toBe(404);
  });
});

describe('captured mail (no SMTP_URL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 120_000);
  afterAll(() => t?.close());

  it('lists captured mail at /dev/mail.json, newest first, with to, subject, text, html and createdAt', async () => {
    const first = uniqueEmail('first');
    const second = uniqueEmail('second');
    for (const email of [first, second]) {
      const signUp = await request(t.app, {
        method: 'POST',
        url: '/api/auth/sign-up/email',
        payload: { email, password: 'secret1', name: '' },
      });
      expect(signUp.statusCode).toBe(200);
    }
    const response = await request(t.app, { method: 'GET', url: '/dev/mail.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    const mails = response.json() as Array<Record<string, string>>;
    expect(mails.slice(0, 2).map((mail) => mail.to)).toEqual([second, first]);
    expect(Object.keys(mails[0]).sort()).toEqual(['createdAt', 'html', 'subject', 'text', 'to']);
    expect(mails[0].subject).toBe('Confirm your e-mail for Guess the Genesis');
    expect(mails[0].text).toContain('/api/auth/verify-email?token=');
    expect(mails[0].html).toContain('<a href="http://localhost:3000/api/auth/verify-email?token=');
    expect(new Date(mails[0].createdAt).toISOString()).toBe(mails[0].createdAt);
    expect(Date.parse(mails[0].createdAt)).toBeGreaterThanOrEqual(Date.parse(mails[1].createdAt));
  });

  it('shows captured mail at /dev/mail as HTML, newest first, with clickable links', async () => {
    const older = uniqueEmail('older');
    const newer = uniqueEmail('newer');
    await request(t.app, { method: 'POST', url: '/api/auth/sign-up/email', payload: { email: older, password: 'secret1', name: '' } });
    await request(t.app, {
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email: older, redirectTo: '/reset-password' },
    });
    await request(t.app, { method: 'POST', url: '/api/auth/sign-up/email', payload: { email: newer, password: 'secret1', name: '' } });

    const response = await request(t.app, { method: 'GET', url: '/dev/mail' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    const page = response.body;
    expect(page.indexOf(newer)).toBeGreaterThan(-1);
    expect(page.indexOf(newer)).toBeLessThan(page.indexOf(older));
    const links = [...page.matchAll(/<a href="([^"]+)">/g)].map((match) => match[1].replace(/&amp;/g, '&'));
    expect(links.some((link) => link.startsWith('http://localhost:3000/api/auth/verify-email?token='))).toBe(true);

    // Each link is the one from the mail's text, so clicking it verifies the account.
    const json = (await request(t.app, { method: 'GET', url: '/dev/mail.json' })).json() as Array<{ to: string; text: string }>;
    const newest = json.find((mail) => mail.to === newer)!;
    expect(links).toContain(newest.text.match(/https?:\/\/\S+/)![0]);
    // The page works under our CSP: no inline <style> or <script>.
    expect(page).not.toMatch(/<script|<style|style="/);
  });

  it('answers the mailbox only to this machine: another address gets the same 404 as an unknown route', async () => {
    const email = uniqueEmail('remote');
    await request(t.app, { method: 'POST', url: '/api/auth/sign-up/email', payload: { email, password: 'secret1', name: '' } });
    const remote = '203.0.113.9';
    for (const url of ['/dev/mail', '/dev/mail.json', '/dev/mail.css']) {
      const response = await t.app.inject({ method: 'GET', url, remoteAddress: remote });
      const unknown = await t.app.inject({ method: 'GET', url: url.replace('mail', 'no-such-page'), remoteAddress: remote });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain(email);
      expect(response.headers['content-type']).toBe(unknown.headers['content-type']);
    }
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const response = await t.app.inject({ method: 'GET', url: '/dev/mail.json', remoteAddress });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain(email);
    }
  });
});

describe('captured mail in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ NODE_ENV: 'production', BETTER_AUTH_SECRET: 'production-secret-production-secret-0123' });
  }, 120_000);
  afterAll(() => t?.close());

  it('answers 404 for /dev/mail and /dev/mail.json even when mail is captured', async () => {
    const email = uniqueEmail();
    await request(t.app, { method: 'POST', url: '/api/auth/sign-up/email', payload: { email, password: 'secret1', name: '' } });
    for (const url of ['/dev/mail', '/dev/mail.json']) {
      const response = await request(t.app, { method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain(email);
    }
  });
});
