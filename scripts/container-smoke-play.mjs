// Part of scripts/container-smoke.sh: a player on the container over HTTP. Signs up, reads the confirmation mail from
// the container's captured mail (through `<exec> node`, since /dev/mail answers only loopback), confirms with the
// mailed code, names the player, starts a challenge and has one guess scored. Exits non-zero on any failure.
//   node scripts/container-smoke-play.mjs <base url> "<podman exec command prefix>"
import { execSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';

const [base, exec] = process.argv.slice(2);
const email = `smoke-${randomBytes(4).toString('hex')}@example.test`;
let cookie = '';
async function call(method, path, body) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { origin: base, cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const set = response.headers.getSetCookie().map((line) => line.split(';')[0]);
  if (set.length > 0) cookie = set.join('; ');
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return text ? JSON.parse(text) : undefined;
}

await call('POST', '/api/auth/sign-up/email', { email, password: 'container-smoke-1', name: '' });
const mails = JSON.parse(
  execSync(`${exec} node -e "fetch('http://127.0.0.1:3000/dev/mail.json').then(r=>r.text()).then(t=>process.stdout.write(t))"`, {
    encoding: 'utf8',
  }),
);
const code = mails.find((mail) => mail.to === email)?.text.match(/code on the sign-in page: (\d{6})/)?.[1];
if (!code) throw new Error('no confirmation code was mailed');
await call('POST', '/api/auth/email-otp/verify-email', { email, otp: code });
await call('PUT', '/api/profile', { displayName: `Smoke ${randomBytes(2).toString('hex')}` });
const { attempt } = await call('POST', '/api/game/start');
const guessed = await call('POST', `/api/game/attempts/${attempt.id}/guesses`, { guess: 'a cat on a red sofa', guessNumber: 1 });
const score = guessed.attempt.guesses[0]?.score;
if (typeof score !== 'number') throw new Error(`no score: ${JSON.stringify(guessed)}`);
console.log(`--- player signed up, confirmed, started a challenge; guess scored ${score}`);
