/**
 * Fuzz test over every route the app registers (docs/decisions/010-input-guards-and-mail-outbox.md): a few thousand seeded, malformed requests as an
 * anonymous visitor, a player and an organizer. No answer may be a 5xx, and a request refused with a 4xx must leave
 * every table as it was. Routes are enumerated from the app itself (an onRoute hook) and better-auth's endpoints
 * from its API object, so routes added later are covered without touching this file.
 *
 * Reproduce a failure with the printed seed: FUZZ_SEED=<seed> FUZZ_REQUESTS=<n> npx vitest run ... api-fuzz
 */
import { sql } from 'drizzle-orm';
import type { InjectOptions, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user } from '../../server/db/tables/auth.tables';
import { eq } from 'drizzle-orm';
import { createGamer, importPack, writePack } from '../support/game';
import { createPlayer, type TestPlayer } from '../support/players';
import { createTestApp, TEST_ORIGIN, uniqueEmail, type TestApp } from '../support/test-app';

const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 2000);

/**
 * Tables that record the attempt itself (rate-limit counters): a refused request may legitimately change them.
 * Everything else must be byte-for-byte unchanged after a 4xx.
 */
const RECORDS_ATTEMPTS = /rate_limit|limit_|_limit|throttle/;

/** Endpoints that end the caller's own sessions: fuzzed anonymously only, so the signed-in identities keep theirs. */
const ENDS_OWN_SESSION =
  /\/(sign-out|revoke-sessions|revoke-session|delete-user|change-password|change-email|revoke-other-sessions)(\/|$|\?)/;

interface RouteEntry {
  method: string;
  url: string;
  bodyKeys: string[];
  queryKeys: string[];
}

const routes: RouteEntry[] = [];
let t: TestApp;
let identities: Array<{ name: string; cookie?: string }>;

/** Keys of a zod object schema (a route's body or querystring), so generated bodies reach past the first check. */
function zodKeys(schema: unknown): string[] {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape && typeof shape === 'object' ? Object.keys(shape) : [];
}

beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      onRoute(route: RouteOptions) {
        for (const method of [route.method].flat()) {
          const schema = route.schema as { body?: unknown; querystring?: unknown } | undefined;
          routes.push({ method, url: route.url, bodyKeys: zodKeys(schema?.body), queryKeys: zodKeys(schema?.querystring) });
        }
      },
    },
  );
  await importPack(t, (await writePack({ count: 4 })).dir);
  const player: TestPlayer = await createGamer(t, 'FuzzPlayer');
  const organizer = await createPlayer(t.app, t.database.db, { role: 'organizer' });
  identities = [{ name: 'anonymous' }, { name: 'player', cookie: player.cookie }, { name: 'organizer', cookie: organizer.cookie }];
});
afterAll(() => t?.close());

/** mulberry32: small, seeded, good enough to pick fuzz cases reproducibly. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(list: readonly T[]): T => list[int(list.length)];
  return { next, int, pick, chance: (p: number) => next() < p };
}
type Rng = ReturnType<typeof random>;

const NASTY_STRINGS = [
  '',
  ' ',
  '\t\r\n',
  'a'.repeat(5000),
  'x'.repeat(301),
  '\u200b\u200b',
  '\u202e\u202d',
  '\ud800',
  '\udfff\ud800',
  '💥'.repeat(40),
  'ǅ̶̡̛̟̭̪',
  "' OR 1=1 --",
  '"; drop table "user"; --',
  '../../../etc/passwd',
  '..%2f..%2f',
  '%',
  '%zz',
  '%00',
  '\u0000',
  'a\u0000b',
  '<script>alert(1)</script>',
  '{{7*7}}',
  '${7*7}',
  'null',
  'undefined',
  'true',
  '-1',
  '0',
  '1e309',
  'NaN',
  'Infinity',
  '9'.repeat(40),
  '-0',
  '0x1f',
  '2026-13-45T99:99:99Z',
  'https://evil.example/phish',
  'javascript:alert(1)',
  '//evil.example',
  'not-an-email',
  'a@b',
  '@example.test',
  'x@example.test\r\nBcc: y@example.test',
  'ﬀ',
  'İ',
  'ß',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '00000000-0000-0000-0000-00000000000g',
  '__proto__',
  'constructor',
];
const FIELD_NAMES = [
  'email',
  'password',
  'name',
  'token',
  'newPassword',
  'currentPassword',
  'callbackURL',
  'rememberMe',
  'provider',
  'idToken',
  'image',
  'otp',
  'displayName',
  'phoneNumber',
  'guess',
  'guessNumber',
  'strategy',
  'hidden',
  'words',
  'word',
  'limit',
  'offset',
  'page',
  'sort',
  'order',
  'q',
  'search',
  'top',
  'archive',
  'isOpen',
  'allowPromptReuse',
  'id',
  '__proto__',
  'constructor',
  'prototype',
];
const NUMBERS = [0, -1, 1, 2, 3, 4, 1.5, -0.0001, 1e308, -1e308, 2 ** 53 + 1, 2 ** 31, 300, 100001];

function nastyString(rng: Rng): string {
  if (rng.chance(0.05)) return `x${'\u0000'}y`;
  if (rng.chance(0.15)) return uniqueEmail('fuzz');
  if (rng.chance(0.1)) return Array.from({ length: rng.int(30) }, () => String.fromCharCode(rng.int(0xffff))).join('');
  return rng.pick(NASTY_STRINGS);
}

function value(rng: Rng, depth = 0): unknown {
  const kind = rng.int(depth > 3 ? 5 : 8);
  switch (kind) {
    case 0:
    case 1:
      return nastyString(rng);
    case 2:
      return rng.pick(NUMBERS);
    case 3:
      return rng.pick([true, false, null]);
    case 4:
      return rng.int(3) === 0 ? {} : [];
    case 5:
      return Array.from({ length: rng.int(4) }, () => value(rng, depth + 1));
    default:
      return object(rng, [], depth + 1);
  }
}

function object(rng: Rng, keys: string[], depth = 0): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  const count = rng.int(5);
  for (let i = 0; i < count; i++) {
    const key = keys.length > 0 && rng.chance(0.7) ? rng.pick(keys) : rng.chance(0.8) ? rng.pick(FIELD_NAMES) : nastyString(rng);
    result[key] = value(rng, depth);
  }
  return result;
}

/** A body: mostly JSON objects over the route's own field names, sometimes raw text that is no valid JSON at all. */
function body(rng: Rng, keys: string[]): Pick<InjectOptions, 'payload' | 'headers'> {
  const roll = rng.int(20);
  if (roll === 0) {
    const depth = 20 + rng.int(5000);
    const key = JSON.stringify(rng.pick(keys.length > 0 ? keys : FIELD_NAMES));
    const payload = rng.chance(0.5) ? `{${key}:`.repeat(depth) + '1' + '}'.repeat(depth) : '['.repeat(depth) + ']'.repeat(depth);
    return { payload, headers: { 'content-type': 'application/json' } };
  }
  if (roll === 1)
    return {
      payload: rng.pick(['{', '{"a":1,}', '[1,2', 'nul', '"\\ud800"', '{"a":"\\u0000"}', '\u0000', '']),
      headers: { 'content-type': 'application/json' },
    };
  if (roll === 2) return { payload: rng.pick(['null', '"text"', '42', '[]', 'true']), headers: { 'content-type': 'application/json' } };
  if (roll === 3)
    return { payload: `email=${encode(nastyString(rng))}&password=x`, headers: { 'content-type': 'application/x-www-form-urlencoded' } };
  if (roll === 4)
    return {
      payload: nastyString(rng),
      headers: {
        'content-type': rng.pick(['text/plain', 'application/octet-stream', 'multipart/form-data; boundary=x', 'application/xml']),
      },
    };
  if (roll === 5) return {};
  const payload = object(rng, keys);
  // biome-ignore lint/suspicious/noProto: a prototype-pollution payload is what the fuzzer sends on purpose.
  if (rng.chance(0.1)) payload['__proto__'] = { polluted: true };
  return { payload: JSON.stringify(payload), headers: { 'content-type': 'application/json' } };
}

/** encodeURIComponent, except that a lone surrogate becomes its (invalid) UTF-8 bytes rather than an exception. */
function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
}

function pathSegment(rng: Rng): string {
  if (rng.chance(0.2)) return rng.pick(['%', '%zz', '..', '%2e%2e', 'a'.repeat(2000), '%ff%fe', ';', '*']);
  return encode(nastyString(rng)) || 'x';
}

function queryString(rng: Rng, keys: string[]): string {
  if (rng.chance(0.4)) return '';
  const pairs = Array.from({ length: 1 + rng.int(4) }, () => {
    const key = keys.length > 0 && rng.chance(0.7) ? rng.pick(keys) : rng.pick(FIELD_NAMES);
    return rng.chance(0.1) ? `${key}[]=1&${key}[x]=2` : `${encode(key)}=${rng.chance(0.1) ? '%' : encode(nastyString(rng))}`;
  });
  return `?${pairs.join('&')}`;
}

/** better-auth's own endpoints behind the one /api/auth/* route, read from its API object. */
function authPaths(): string[] {
  return Object.values(t.app.auth.api as Record<string, { path?: string }>)
    .map((endpoint) => endpoint.path)
    .filter((path): path is string => typeof path === 'string');
}

function concreteUrl(rng: Rng, route: RouteEntry): string {
  let url = route.url;
  if (url === '/api/auth/*') url = `/api/auth${rng.chance(0.9) ? rng.pick(authPaths()) : `/${pathSegment(rng)}`}`;
  url = url.replace(/:[A-Za-z_][A-Za-z0-9_]*(\([^)]*\))?/g, () => pathSegment(rng)).replace(/\*/g, () => pathSegment(rng));
  return url + queryString(rng, route.queryKeys);
}

/** Rows of db.execute(): PGlite and node-postgres both answer { rows }. */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** One hash per table (rows hashed and sorted, so row order does not matter); tables recording attempts left out. */
async function fingerprint(): Promise<Record<string, string>> {
  const tables = await t.database.db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const names = rowsOf<{ table_name: string }>(tables)
    .map((row) => row.table_name)
    .filter((name) => !RECORDS_ATTEMPTS.test(name));
  const query = names
    .map(
      (name) =>
        `select '${name}' as name, coalesce(md5(string_agg(md5(x::text), '' order by md5(x::text))), '') as hash from public."${name}" x`,
    )
    .join(' union all ');
  const rows = rowsOf<{ name: string; hash: string }>(await t.database.db.execute(sql.raw(query)));
  return Object.fromEntries(rows.map((row) => [row.name, row.hash]));
}

/**
 * The next transaction id the database will hand out: it moves only when something writes (reads get none), so
 * comparing it is a cheap first check before the full fingerprint. On a shared PostgreSQL server other databases move
 * it too; that only costs a fingerprint.
 */
async function nextTransactionId(): Promise<string> {
  const result = await t.database.db.execute(sql`select pg_snapshot_xmax(pg_current_snapshot())::text as xmax`);
  return rowsOf<{ xmax: string }>(result)[0].xmax;
}

const changedTables = (a: Record<string, string>, b: Record<string, string>) =>
  [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((name) => a[name] !== b[name]);

describe('fuzzing every route', () => {
  it('enumerates the app’s routes, including better-auth’s', () => {
    const urls = routes.map((route) => route.url);
    expect(urls).toEqual(
      expect.arrayContaining([
        '/api/auth/*',
        '/api/profile',
        '/api/game/start',
        '/api/game/attempts/:attemptId/guesses',
        '/api/leaderboard/stream',
      ]),
    );
    expect(authPaths()).toEqual(expect.arrayContaining(['/sign-in/email', '/sign-up/email', '/reset-password']));
  });

  it(`answers ${REQUESTS} malformed requests (seed ${SEED}) without a 5xx, and a 4xx changes no table`, async () => {
    const rng = random(SEED);
    // Routes that take input (a body, parameters) are where malformed requests bite: they get drawn more often.
    const weighted = routes.flatMap((route) => {
      const takesInput = !['GET', 'HEAD', 'OPTIONS'].includes(route.method) || route.url.includes(':') || route.queryKeys.length > 0;
      return Array<RouteEntry>(route.url === '/api/auth/*' ? 12 : takesInput ? 3 : 1).fill(route);
    });
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let before = await fingerprint();
    let beforeXmax = await nextTransactionId();
    for (let n = 0; n < REQUESTS && failures.length < 10; n++) {
      const route = weighted[rng.int(weighted.length)];
      const identity = rng.pick(identities);
      const url = concreteUrl(rng, route);
      const signedIn = identity.cookie && !ENDS_OWN_SESSION.test(url) ? identity : identities[0];
      const parts = ['GET', 'HEAD', 'OPTIONS'].includes(route.method) && rng.chance(0.8) ? {} : body(rng, route.bodyKeys);
      const headers: Record<string, string> = { ...(parts.headers as Record<string, string>) };
      if (rng.chance(0.9)) headers.origin = TEST_ORIGIN;
      if (signedIn.cookie) headers.cookie = signedIn.cookie;
      const label = `#${n} ${identity.name} ${route.method} ${url.slice(0, 160)} ${String(parts.payload ?? '').slice(0, 160)}`;

      // Streams (SSE) answer with headers and then never end: read the status, then hang up.
      const response = await t.app.inject({
        method: route.method as InjectOptions['method'],
        url,
        payload: parts.payload,
        headers,
        payloadAsStream: true,
      });
      const stream = response.stream();
      if (String(response.headers['content-type'] ?? '').includes('text/event-stream')) stream.destroy();
      else for await (const _chunk of stream);
      statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
      if (response.statusCode >= 500) failures.push(`${response.statusCode} ${label}`);

      // No transaction id handed out since the last fingerprint: nothing was written anywhere.
      const afterXmax = await nextTransactionId();
      if (afterXmax === beforeXmax) continue;
      const after = await fingerprint();
      const changed = changedTables(before, after);
      if (response.statusCode >= 400 && response.statusCode < 500 && changed.length > 0)
        failures.push(`${response.statusCode} changed ${changed.join(', ')}: ${label}`);
      before = after;
      beforeXmax = await nextTransactionId();
    }
    // Make sure the identities really were signed in throughout (a fuzz that only ever gets 401 proves little).
    for (const identity of identities.slice(1)) {
      const session = await t.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie: identity.cookie! } });
      expect(session.json()?.user, identity.name).toBeTruthy();
    }
    const [organizerRow] = await t.database.db.select({ role: user.role }).from(user).where(eq(user.role, 'organizer'));
    expect(organizerRow?.role).toBe('organizer');
    expect(failures, `seed ${SEED}; statuses ${JSON.stringify(Object.fromEntries(statuses))}`).toEqual([]);
    // Most requests must get past routing and sessions to the checks themselves: 400s dominate, not 404/401.
    expect(statuses.get(400) ?? 0).toBeGreaterThan(REQUESTS / 8);
    // A hang guard, not a speed claim: a slow CI machine running the browser lanes beside it takes tens of seconds.
  }, 240_000);
});
