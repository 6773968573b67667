/**
 * A clone plays out of the box: the repo's tracked files copied into an empty folder with no ../shared beside it,
 * installed with `npm ci` from the local npm cache (offline: the test never reaches a registry), started with
 * `npm start` as the README says, then a player signs up over HTTP and starts a challenge from the starter pack.
 * Installing and building take minutes, so it runs once (on PGlite, the README's default), not per database.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../scripts/paths';
import { freePort } from '../support/server-process';

const INSTALL_TIMEOUT_MS = 15 * 60_000;

/** What a new user's shell has: no test variables, no npm_config_* leaking in from the npm that started vitest. */
function userEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const keep = ['PATH', 'HOME', 'TMPDIR', 'LANG', 'TZ', 'USER'];
  return { ...Object.fromEntries(keep.filter((key) => process.env[key] !== undefined).map((key) => [key, process.env[key]])), ...extra };
}

function run(
  command: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
  timeoutMs: number,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout!.on('data', (chunk) => (output += chunk));
    child.stderr!.on('data', (chunk) => (output += chunk));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${command} ${args.join(' ')} took over ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/** `set-cookie` headers of a fetch response as one Cookie header. */
const cookieOf = (response: Response, previous = '') =>
  [
    previous,
    ...response.headers
      .getSetCookie()
      .map((cookie) => cookie.split(';')[0])
      .filter((pair) => !pair.endsWith('=')),
  ]
    .filter(Boolean)
    .join('; ');

const onPostgres = process.env.TEST_DB === 'postgres';

describe.skipIf(onPostgres)('a clone on its own', () => {
  // Made as the file is collected: not in the postgres project, which skips the clone and would leave the folder behind.
  const parent = onPostgres ? '' : mkdtempSync(path.join(tmpdir(), 'gg-clone-'));
  const clone = path.join(parent, 'guess-the-genesis');
  let server: ChildProcess | undefined;
  let serverExited: Promise<void> | undefined;

  afterAll(async () => {
    if (server?.pid && server.exitCode === null) {
      process.kill(-server.pid, 'SIGTERM');
      await serverExited;
    }
    // A whole node_modules: removing it takes a while on a busy machine.
    await rm(parent, { recursive: true, force: true });
  }, 10 * 60_000);

  it('installs from the npm cache without a warning, starts with npm start, loads the starter pack, and a player starts a challenge', {
    timeout: INSTALL_TIMEOUT_MS + 10 * 60_000,
  }, async () => {
    // 1. The repo's tracked files, and nothing else: no node_modules, no dist, no data, no ../shared.
    const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: repoRoot, encoding: 'utf8' }).split('\0').filter(Boolean);
    mkdirSync(clone);
    for (const file of tracked) {
      if (!existsSync(path.join(repoRoot, file))) continue; // deleted in the work tree, not yet committed
      mkdirSync(path.dirname(path.join(clone, file)), { recursive: true });
      cpSync(path.join(repoRoot, file), path.join(clone, file));
    }
    expect(readdirSync(parent)).toEqual(['guess-the-genesis']);
    expect(existsSync(path.join(clone, 'packs/starter/manifest.json'))).toBe(true);

    // 2. `npm install`'s equivalent from the lock file, offline from the local cache. The project causes no warning:
    // no unknown config in .npmrc, no dependency that asks for a newer Node, no install script left unreviewed.
    const install = await run('npm', ['ci', '--offline'], clone, userEnv(), INSTALL_TIMEOUT_MS);
    expect(install.code, install.output).toBe(0);
    expect(install.output).not.toMatch(/npm warn|EBADENGINE|Unknown project config|install-scripts/i);

    // 3. `npm start` as the README says (it builds the web app and the server bundle first).
    const port = await freePort();
    const base = `http://localhost:${port}`;
    server = spawn('npm', ['start'], {
      cwd: clone,
      env: userEnv({ PORT: String(port) }),
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let output = '';
    server.stdout!.on('data', (chunk) => (output += chunk));
    server.stderr!.on('data', (chunk) => (output += chunk));
    serverExited = new Promise((resolve) => server!.on('exit', () => resolve()));
    const deadline = Date.now() + 10 * 60_000;
    while (!output.includes('Guess the Genesis is running at')) {
      if (server.exitCode !== null) throw new Error(`npm start exited with ${server.exitCode}:\n${output}`);
      if (Date.now() > deadline) throw new Error(`npm start did not come up:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(output).toContain('Starter pack loaded: replace it with your own');
    expect(output).toMatch(/"imported":24/);

    // 4. A player signs up, follows the link from the captured mail, names themselves and starts a challenge.
    const email = `clone-${Date.now()}@example.test`;
    const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ email, password: 'correct horse', name: '' }),
    });
    expect(signUp.status, await signUp.clone().text()).toBe(200);
    const mails = (await (await fetch(`${base}/dev/mail.json`)).json()) as Array<{ to: string; text: string }>;
    const link = mails.find((mail) => mail.to === email)?.text.match(/https?:\/\/\S+/)?.[0];
    expect(link).toBeDefined();
    const verified = await fetch(link!, { redirect: 'manual' });
    expect(verified.status).toBeLessThan(400);
    const cookie = cookieOf(verified);
    expect(cookie).toContain('session_token');

    const named = await fetch(`${base}/api/profile`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', origin: base, cookie },
      body: JSON.stringify({ displayName: 'Fresh Clone' }),
    });
    expect(named.status, await named.clone().text()).toBe(200);
    const started = await fetch(`${base}/api/game/start`, { method: 'POST', headers: { origin: base, cookie } });
    const body = await started.text();
    expect(started.status, body).toBe(201);
    const { attempt } = JSON.parse(body) as { attempt: { imageUrl: string; prompt: string | null } };
    expect(attempt.prompt).toBeNull();
    const image = await fetch(`${base}${attempt.imageUrl}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
    expect((await image.arrayBuffer()).byteLength).toBeGreaterThan(1000);
  });
});
