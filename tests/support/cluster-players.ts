/**
 * Players of a cluster run (tests/deploy/cluster.test.ts and `npm run bench:cluster`): verified accounts with a
 * display name and a session each, seeded straight into the database with the instances' auth secret (sign-up itself
 * is tested elsewhere; through it each would cost a password hash), and one guess sent as the web client sends it.
 */
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { GuessResponse } from '@contracts/game';

export interface ClusterPlayer {
  id: string;
  name: string;
  cookie: string;
  attemptId?: string;
  nextSlot: number;
}

export interface GuessOutcome {
  player: ClusterPlayer;
  attemptId: string;
  slot: number;
  text: string;
  key: string;
  /** 'ok' only for a 200 whose body shows this guess in this slot. */
  result: 'ok' | 'error';
  status: number;
  code?: string;
  /** performance.now() when it was sent, and when its answer (or error) came back. */
  sentAt: number;
  answeredAt: number;
}

/** The session cookie better-auth sets for `token`, signed with the instances' BETTER_AUTH_SECRET. */
export const signedSessionCookie = (secret: string, token: string) =>
  `better-auth.session_token=${encodeURIComponent(`${token}.${createHmac('sha256', secret).update(token).digest('base64')}`)}`;

/**
 * `count` accounts signed up a day ago (all of them reach the balancer from one address, and a young account's starts
 * meet a per-address ceiling that is tested on its own), each with a profile and a session valid for a day.
 */
export async function seedClusterAccounts(
  sql: pg.Pool,
  secret: string,
  count: number,
  role: 'player' | 'organizer' = 'player',
): Promise<ClusterPlayer[]> {
  const ids = Array.from({ length: count }, () => randomUUID());
  const tokens = ids.map(() => randomBytes(24).toString('base64url'));
  // Display names are unique: one random tag per call (a test seeds several batches), then the index. A random part per
  // name of 4 hex digits once collided across two batches (same index, same digits).
  const batch = randomBytes(4).toString('hex');
  const names = ids.map((_, i) => `C${role[0]}${batch}${i}`);
  await sql.query(
    `insert into "user" (id, name, email, email_verified, role, created_at) select id, '', id || '@cluster.test', true, $2, now() - interval '1 day' from unnest($1::text[]) as t(id)`,
    [ids, role],
  );
  await sql.query(`insert into profiles (id, display_name, display_name_key) select * from unnest($1::text[], $2::text[], $3::text[])`, [
    ids,
    names,
    names.map((n) => n.toLowerCase()),
  ]);
  await sql.query(
    `insert into session (id, token, user_id, expires_at, ip_address, user_agent)
     select gen_random_uuid()::text, token, user_id, now() + interval '1 day', '127.0.0.1', 'cluster run' from unnest($1::text[], $2::text[]) as t(token, user_id)`,
    [tokens, ids],
  );
  return ids.map((id, i) => ({ id, name: names[i], cookie: signedSessionCookie(secret, tokens[i]), nextSlot: 1 }));
}

/** A POST as the phone sends it: the session cookie, the balancer's origin, JSON. */
export const postAs = (origin: string, url: string, player: ClusterPlayer, body?: unknown) =>
  fetch(url, {
    method: 'POST',
    headers: { origin, cookie: player.cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

/** One guess as the web client sends it (an idempotency key per slot), to `base` (the balancer or one instance). */
export async function sendClusterGuess(
  origin: string,
  base: string,
  player: ClusterPlayer,
  attemptId: string,
  slot: number,
  text: string,
  key: string,
): Promise<GuessOutcome> {
  const sentAt = performance.now();
  try {
    const response = await postAs(origin, `${base}/api/game/attempts/${attemptId}/guesses`, player, {
      guess: text,
      guessNumber: slot,
      idempotencyKey: key,
    });
    const body = (await response.json().catch(() => null)) as (GuessResponse & { code?: string }) | null;
    const shown =
      response.status === 200 && body?.guessNumber === slot && body.attempt.guesses.some((g) => g.number === slot && g.text === text);
    const answeredAt = performance.now();
    return {
      player,
      attemptId,
      slot,
      text,
      key,
      result: shown ? 'ok' : 'error',
      status: response.status,
      code: body?.code,
      sentAt,
      answeredAt,
    };
  } catch {
    // A reset connection: the phone shows an error, never a score.
    return { player, attemptId, slot, text, key, result: 'error', status: 0, sentAt, answeredAt: performance.now() };
  }
}

/**
 * Makes sure `player` has an attempt to guess in: a new one (201), or, when the current one is unfinished (a failed
 * guess left it so), that one read back with its next slot, as the web does after an error. False if neither answered.
 */
export async function ensureAttempt(origin: string, base: string, player: ClusterPlayer): Promise<boolean> {
  if (player.attemptId) return true;
  const started = await postAs(origin, `${base}/api/game/start`, player).catch(() => null);
  if (started?.status === 201) {
    player.attemptId = ((await started.json()) as { attempt: { id: string } }).attempt.id;
    player.nextSlot = 1;
    return true;
  }
  await started?.body?.cancel();
  const current = await fetch(`${base}/api/game/current`, { headers: { cookie: player.cookie } }).catch(() => null);
  const attempt = current?.ok ? ((await current.json()) as { attempt: { id: string; nextGuessNumber: number } | null }).attempt : null;
  if (!attempt) return false;
  player.attemptId = attempt.id;
  player.nextSlot = attempt.nextGuessNumber;
  return true;
}

/** After an answer: the next slot, a new attempt after the third guess, or a re-read after an error. */
export function advance(player: ClusterPlayer, outcome: GuessOutcome) {
  if (outcome.result === 'ok') {
    player.nextSlot++;
    if (player.nextSlot > 3) player.attemptId = undefined;
  } else {
    player.attemptId = undefined;
  }
}

/** What the database holds in a slot: its text and the idempotency key it was stored under. */
export async function storedGuess(sql: pg.Pool, attemptId: string, slot: number) {
  const { rows } = await sql.query(`select guess_${slot} as text, guess_${slot}_key as key from attempts where id = $1`, [attemptId]);
  return rows[0] as { text: string | null; key: string | null } | undefined;
}
