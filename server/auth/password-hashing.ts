/**
 * Password hashing under a flood (docs/decisions/054-password-hashing-under-a-flood.md). scrypt is the most expensive
 * thing an auth call can ask of the server, so:
 * - it runs in a bounded queue, a few at a time (libuv's pool is shared with the rest of the server), served round
 *   robin between clients (address and device), so one client with many calls in flight waits behind its own calls;
 * - a call that cannot be hashed before its deadline is refused at once or when the deadline passes, with a 503 and
 *   Retry-After (the route adds the header), never left waiting until the idle timeout closes its socket;
 * - a sign-in for an address with no account hashes nothing: it answers after a delay drawn from the recent real
 *   verifications (queue wait included), so its timing tells nothing;
 * - a sign-up hashes nothing either: its password is sealed (AES-256-GCM, key derived from the auth secret) until the
 *   address is confirmed, when it is hashed for good. A junk sign-up for a made-up mailbox costs no scrypt, which is
 *   what lets a cheap proof of work cost its sender far more than the call costs the server.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { createCipheriv, createDecipheriv, createHmac, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { APIError } from 'better-auth/api';
import { authErrorCodes } from '@contracts/auth.rules';
import type { Db } from '../db/client';
import { account, user } from '../db/tables/auth.tables';
import type { PasswordHasher } from './auth';

/** better-auth's scrypt (N 16384, r 16, p 1, 64 bytes, "salt:key" in hex): hashes made before stay valid. */
const SCRYPT = { N: 16384, r: 16, p: 1, maxmem: 128 * 16384 * 16 * 2 } as const;
const SCRYPT_KEY_LENGTH = 64;

/** The key derivation itself: scrypt in production, a quick stand-in in tests about other things. */
export type PasswordKdf = PasswordHasher;

function scryptKey(password: string, salt: string): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, SCRYPT_KEY_LENGTH, SCRYPT, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

export const scryptKdf: PasswordKdf = {
  async hash(password) {
    const salt = randomBytes(16).toString('hex');
    return `${salt}:${(await scryptKey(password, salt)).toString('hex')}`;
  },
  async verify({ hash, password }) {
    const [salt, key] = hash.split(':');
    if (!salt || !key) return false;
    const expected = Buffer.from(key, 'hex');
    const actual = await scryptKey(password, salt);
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  },
};

/** The auth call a hash belongs to, set by the route around better-auth's handler. */
export interface HashingCall {
  /** better-auth's path ('/sign-in/email', …): tells a sign-in's decoy hash from a real one. */
  path: string;
  /** Who is asking: the address and the device (the queue is fair between lanes). */
  lane: string;
  /** Set when the call was refused for lack of hashing capacity: the seconds to send back in Retry-After. */
  refusedFor?: number;
}

export const HASHING_BUSY_MESSAGE = 'Lots of people are signing in right now. Your browser will try again in a moment.';

export interface PasswordHashingOptions {
  secret: string;
  db: Db;
  kdf?: PasswordKdf;
  /** Hashes run at once (each takes one libuv thread, i.e. up to one core). */
  concurrency?: number;
  /** A call that has waited this long for its hash is refused (well under the HTTP idle timeout). */
  deadlineMs?: number;
  /** Calls one lane may have waiting; more are refused at once. */
  perLane?: number;
  /** Calls waiting in all; more are refused at once. */
  maxQueued?: number;
}

interface Job {
  lane: string;
  run: () => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
  queuedAt: number;
  timer?: NodeJS.Timeout;
}

/** How many recent verifications the decoy delays are drawn from, and how many it takes before they are. */
const TIMING_SAMPLES = 64;
const TIMING_MIN_SAMPLES = 8;
const PENDING_PREFIX = 'pending$';
/** The lane of work no request waits for, served only when no other lane has any. */
const BACKGROUND_LANE = 'background';

export function createPasswordHashing(options: PasswordHashingOptions) {
  const kdf = options.kdf ?? scryptKdf;
  const concurrency = options.concurrency ?? 1;
  const deadlineMs = options.deadlineMs ?? 10_000;
  const perLane = options.perLane ?? 2;
  const maxQueued = options.maxQueued ?? 64;
  const calls = new AsyncLocalStorage<HashingCall>();
  const sealKey = createHmac('sha256', options.secret).update('pending-password').digest();

  // The fair queue: one FIFO per lane, lanes served in turn.
  const lanes = new Map<string, Job[]>();
  const order: string[] = [];
  let cursor = 0;
  let queued = 0;
  let running = 0;
  /** Mean time of one hash (ms), for the wait estimate. */
  let meanHashMs = 100;
  const verifyTimes: number[] = [];
  const stats = { hashed: 0, refused: 0, decoys: 0, maxWaitMs: 0 };

  const retryAfterSeconds = (waitMs: number) => Math.max(1, Math.min(30, Math.ceil(waitMs / 1000)));
  const busy = (waitMs: number): never => {
    stats.refused++;
    const call = calls.getStore();
    const seconds = retryAfterSeconds(waitMs);
    if (call) call.refusedFor = seconds;
    throw APIError.from('SERVICE_UNAVAILABLE', { code: authErrorCodes.busy, message: HASHING_BUSY_MESSAGE });
  };

  const pump = () => {
    while (running < concurrency && queued > 0) {
      if (cursor >= order.length) cursor = 0;
      // The background lane (hashing confirmed passwords for good) only when no one is waiting for an answer.
      if (order[cursor] === BACKGROUND_LANE && order.length > 1) cursor = (cursor + 1) % order.length;
      const lane = order[cursor]!;
      const jobs = lanes.get(lane)!;
      const job = jobs.shift()!;
      queued--;
      if (jobs.length === 0) {
        lanes.delete(lane);
        order.splice(cursor, 1);
      } else cursor++;
      clearTimeout(job.timer);
      running++;
      const started = performance.now();
      stats.maxWaitMs = Math.max(stats.maxWaitMs, started - job.queuedAt);
      job.run().then(
        (value) => {
          meanHashMs = meanHashMs * 0.8 + (performance.now() - started) * 0.2;
          stats.hashed++;
          running--;
          job.resolve(value);
          pump();
        },
        (error) => {
          running--;
          job.reject(error);
          pump();
        },
      );
    }
  };

  /** Runs `work` (one key derivation) in its lane's turn, or refuses the call when it could not start in time. */
  function enqueue<T>(work: () => Promise<T>): Promise<T> {
    const lane = calls.getStore()?.lane ?? 'local';
    const background = lane === BACKGROUND_LANE;
    const waiting = lanes.get(lane)?.length ?? 0;
    // Round robin: ahead of this call are the running hashes and, per lane, at most as many as this lane has waiting.
    let ahead = running;
    for (const [name, jobs] of lanes) if (name !== BACKGROUND_LANE) ahead += Math.min(jobs.length, waiting + 1);
    const estimateMs = ((ahead + 1) * meanHashMs) / concurrency;
    const answering = queued - (lanes.get(BACKGROUND_LANE)?.length ?? 0);
    if (!background && (waiting >= perLane || answering >= maxQueued || estimateMs > deadlineMs)) busy(Math.max(estimateMs, meanHashMs));
    if (background && waiting >= maxQueued) busy(estimateMs);
    return new Promise<T>((resolve, reject) => {
      const job: Job = { lane, run: work, resolve: resolve as (value: unknown) => void, reject, queuedAt: performance.now() };
      // No deadline in the background: no one waits for it.
      if (!background)
        job.timer = setTimeout(() => {
          const jobs = lanes.get(lane);
          const at = jobs?.indexOf(job) ?? -1;
          if (at < 0) return;
          jobs!.splice(at, 1);
          queued--;
          if (jobs!.length === 0) {
            lanes.delete(lane);
            const index = order.indexOf(lane);
            order.splice(index, 1);
            if (index < cursor) cursor--;
          }
          try {
            busy((queued * meanHashMs) / concurrency);
          } catch (error) {
            reject(error);
          }
        }, deadlineMs);
      if (!lanes.has(lane)) {
        lanes.set(lane, []);
        // A new lane is served after those already waiting (behind the cursor), not ahead of them.
        order.splice(cursor, 0, lane);
        cursor++;
      }
      lanes.get(lane)!.push(job);
      queued++;
      pump();
    });
  }

  /** A verification through the queue, its time (queue wait included) kept for the decoys. */
  async function timedVerify(data: { hash: string; password: string }): Promise<boolean> {
    const started = performance.now();
    const ok = await enqueue(() => kdf.verify(data));
    verifyTimes.push(performance.now() - started);
    if (verifyTimes.length > TIMING_SAMPLES) verifyTimes.shift();
    return ok;
  }

  /** Waits as long as a real verification took recently (one drawn at random), so a decoy looks like one. */
  async function decoyDelay(password: string): Promise<void> {
    if (verifyTimes.length < TIMING_MIN_SAMPLES && running < concurrency && queued === 0) {
      // Too few real ones seen yet (a fresh instance) and the queue idle: a real one, which calibrates the next decoys.
      // This is the only hashing a sign-in to an unknown address ever gets, and only with capacity to spare.
      await timedVerify({ hash: `${'0'.repeat(32)}:${'0'.repeat(SCRYPT_KEY_LENGTH * 2)}`, password });
      return;
    }
    stats.decoys++;
    const delay =
      verifyTimes.length >= TIMING_MIN_SAMPLES
        ? verifyTimes[Math.floor(Math.random() * verifyTimes.length)]!
        : // Not calibrated and busy: what a verification queued now would take, give or take a fifth.
          (((running + queued + 1) * meanHashMs) / concurrency) * (0.8 + Math.random() * 0.4);
    await new Promise((resolve) => setTimeout(resolve, Math.min(delay, deadlineMs)));
  }

  function seal(password: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', sealKey, iv);
    const sealed = Buffer.concat([cipher.update(password, 'utf8'), cipher.final()]);
    return `${PENDING_PREFIX}${iv.toString('base64url')}$${sealed.toString('base64url')}$${cipher.getAuthTag().toString('base64url')}`;
  }

  function unseal(stored: string): string | null {
    const [iv, sealed, tag] = stored.slice(PENDING_PREFIX.length).split('$');
    if (!iv || sealed === undefined || !tag) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', sealKey, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }

  const samePassword = (a: string, b: string) => {
    const left = Buffer.from(a.normalize('NFKC'));
    const right = Buffer.from(b.normalize('NFKC'));
    return left.length === right.length && timingSafeEqual(left, right);
  };

  /** better-auth's emailAndPassword.password. */
  const hasher: PasswordHasher = {
    async hash(password) {
      const path = calls.getStore()?.path;
      // Sign-up (new address or not: the same work either way): sealed until the address is confirmed.
      if (path === '/sign-up/email') return seal(password);
      // On the sign-in path better-auth hashes only as a decoy for an address without a password.
      if (path === '/sign-in/email') {
        await decoyDelay(password);
        return '';
      }
      return enqueue(() => kdf.hash(password));
    },
    async verify({ hash, password }) {
      if (hash.startsWith(PENDING_PREFIX)) {
        const sealed = unseal(hash);
        const ok = sealed !== null && samePassword(sealed, password);
        await decoyDelay(password);
        return ok;
      }
      return timedVerify({ hash, password });
    },
  };

  /**
   * Hashes for good the sealed password of `email`'s account, once its address is confirmed. Run in the background: a
   * busy queue leaves it sealed (refused within the deadline), and the next confirmation or reset hashes it.
   */
  async function confirmPassword(email: string): Promise<void> {
    const [row] = await options.db
      .select({ id: account.id, password: account.password })
      .from(account)
      .innerJoin(user, eq(user.id, account.userId))
      .where(and(eq(user.email, email.trim().toLowerCase()), eq(account.providerId, 'credential'), eq(user.emailVerified, true)));
    if (!row?.password?.startsWith(PENDING_PREFIX)) return;
    const password = unseal(row.password);
    if (password === null) return;
    const hashed = await calls.run({ path: '/confirm', lane: BACKGROUND_LANE }, () => enqueue(() => kdf.hash(password)));
    await options.db
      .update(account)
      .set({ password: hashed, updatedAt: sql`now()` })
      .where(and(eq(account.id, row.id), eq(account.password, row.password)));
  }

  return {
    hasher,
    confirmPassword,
    /** Runs one auth call with its hashing context (read by the hasher through AsyncLocalStorage). */
    run<T>(call: HashingCall, work: () => Promise<T>): Promise<T> {
      return calls.run(call, work);
    },
    stats: () => ({ ...stats, queued, running, lanes: lanes.size, meanHashMs: Math.round(meanHashMs) }),
  };
}

export type PasswordHashing = ReturnType<typeof createPasswordHashing>;
