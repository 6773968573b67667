/**
 * The auth flood (docs/decisions/054): the real server behind a trusted proxy (TRUST_PROXY=1), one abuser in its own
 * process keeping many calls in flight from the venue address (tests/support/auth-flood-abuser.ts), and walk-ups on
 * that same address who sign up, read their own mail, type the code, and sign in on a second device, as the web client
 * does: a proof of work asked ahead or on refusal is solved, a 503 is sent again after its Retry-After. Used by
 * server/auth/auth-flood.test.ts (behaviour) and scripts/bench/auth-flood.ts (latencies, CPU per call).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../../scripts/paths';
import type { ProofOfWorkChallenge } from '../../contracts/auth.rules';
import { createSolverPool } from './proof-of-work-pool';

export const VENUE = '203.0.113.77';

export interface AbuserReport {
  calls: number;
  byStatus: Record<string, number>;
  refusalsWithoutRetryAfter: number;
  networkErrors: number;
  solves: number;
  cpuMs: number;
  seconds: number;
}

export interface WalkUpResult {
  email: string;
  /** Signed in on both devices (the code on the first, the password on the second). */
  in: boolean;
  ms: number;
  /** Answers seen on the way: 503s waited out, proofs solved, connections lost. */
  busy: number;
  solves: number;
  networkErrors: number;
  /** ms at the end of each step: signed up, mail read, code accepted, signed in on the second device. */
  steps: number[];
  failure?: string;
}

export interface FloodRun {
  walkUps: WalkUpResult[];
  abuser: AbuserReport;
  /** Seconds the abuser took to get past the address's ceilings (before the walk-ups came). */
  buildUpSeconds: number;
  /** Whether it got past them at all within the two minutes of build-up (a slow machine answers too few calls). */
  pastCeilings: boolean;
  /** The server process's CPU (user + system) over the whole flood (the abuser's calls and the walk-ups'). */
  serverCpuMs: number;
  /** PostgreSQL's CPU over the same time (its processes, reaped backends included); 0 on PGlite (in the server's). */
  databaseCpuMs: number;
  seconds: number;
}

/** CPU ms in a /proc/PID/stat line: user + system, and with `reaped` its reaped children's too. */
function cpuMsOfStat(stat: string, reaped: boolean): number {
  const fields = stat.split(') ')[1]!.split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]) + (reaped ? Number(fields[13]) + Number(fields[14]) : 0);
  return (ticks * 1000) / 100; // USER_HZ is 100 on Linux
}

/** CPU ms (user + system) a process has used so far, from /proc (Linux). */
export function processCpuMs(pid: number): number {
  return cpuMsOfStat(readFileSync(`/proc/${pid}/stat`, 'utf8'), false);
}

/**
 * CPU ms (user + system, reaped children included) of every PostgreSQL process on this machine: the database's share of
 * what a call costs (no other client uses it during a bench).
 */
function postgresCpuMs(): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue;
    }
    if (stat.includes('(postgres)')) total += cpuMsOfStat(stat, true);
  }
  return total;
}

/** As the web client (web/lib/proof-of-work.ts): a 503 is sent again for this long in all. */
const BUSY_RETRY_LIMIT_MS = 120_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One walk-up, as the web app's client behaves (web/lib/proof-of-work.ts). */
async function walkUp(baseUrl: string, index: number, solver: ReturnType<typeof createSolverPool>): Promise<WalkUpResult> {
  const email = `walkup-${index}-${Date.now().toString(36)}@example.test`;
  const password = `walk-up-${index}-password`;
  const result: WalkUpResult = { email, in: false, ms: 0, busy: 0, solves: 0, networkErrors: 0, steps: [] };
  const step = () => result.steps.push(Math.round(performance.now() - started));
  const started = performance.now();
  const fromVenue = { origin: baseUrl, 'x-forwarded-for': VENUE };

  /** The sign-in page asks on opening whether to solve a proof ahead. */
  const proofAhead = async (): Promise<string | undefined> => {
    const status = (await (await fetch(`${baseUrl}/api/proof-of-work`, { headers: fromVenue })).json()) as {
      required: boolean;
      challenge: ProofOfWorkChallenge | null;
    };
    if (!status.required || !status.challenge) return undefined;
    result.solves++;
    return solver.solve(status.challenge);
  };
  const post = async (url: string, body: object, cookie = '', proof?: string): Promise<Response> => {
    const deadline = performance.now() + BUSY_RETRY_LIMIT_MS;
    for (;;) {
      let response: Response;
      try {
        response = await fetch(`${baseUrl}${url}`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...fromVenue,
            ...(cookie ? { cookie } : {}),
            ...(proof ? { 'x-gg-proof': proof } : {}),
          },
          body: JSON.stringify(body),
        });
      } catch (error) {
        result.networkErrors++;
        throw new Error(
          `${url}: ${error instanceof Error ? `${error.message} (${String((error.cause as { code?: string })?.code ?? error.cause)})` : error}`,
        );
      }
      proof = undefined;
      if (response.status === 429) {
        const refusal = (await response.clone().json()) as { code?: string; challenge?: ProofOfWorkChallenge };
        if (refusal.code === 'PROOF_OF_WORK_REQUIRED' && refusal.challenge) {
          result.solves++;
          proof = await solver.solve(refusal.challenge);
          continue;
        }
      }
      if (response.status !== 503 || performance.now() > deadline) return response;
      result.busy++;
      const seconds = Number(response.headers.get('retry-after') ?? 2);
      await sleep(seconds * 1000 * (0.8 + Math.random() * 0.4));
    }
  };
  const cookiesOf = (response: Response) =>
    response.headers
      .getSetCookie()
      .map((cookie) => cookie.split(';')[0])
      .join('; ');

  try {
    const signUp = await post('/api/auth/sign-up/email', { email, password, name: '' }, '', await proofAhead());
    if (signUp.status !== 200) throw new Error(`sign-up ${signUp.status} ${await signUp.text()}`);
    step();
    let code: string | undefined;
    while (!code) {
      // Their own mailbox, read straight from this machine (no proxy in between).
      const mails = (await (await fetch(`${baseUrl}/dev/mail.json?to=${encodeURIComponent(email)}`)).json()) as Array<{ text: string }>;
      code = mails[0]?.text.match(/code on the sign-in page: (\d{6})/)?.[1];
      if (!code) await sleep(200);
      if (performance.now() - started > 120_000) throw new Error('no mail');
    }
    step();
    // Typed in the browser that signed up: its cookies prove the password, which stays (account-claim.ts).
    const confirmed = await post('/api/auth/email-otp/verify-email', { email, otp: code }, cookiesOf(signUp));
    if (confirmed.status !== 200) throw new Error(`code ${confirmed.status} ${await confirmed.text()}`);
    if (!cookiesOf(confirmed).includes('session_token')) throw new Error('no session after the code');
    step();
    // The second device: no cookie, the password.
    const signIn = await post('/api/auth/sign-in/email', { email, password }, '', await proofAhead());
    if (signIn.status !== 200) throw new Error(`sign-in ${signIn.status} ${await signIn.text()}`);
    step();
    result.in = true;
  } catch (error) {
    result.failure = error instanceof Error ? error.message : String(error);
  }
  result.ms = Math.round(performance.now() - started);
  return result;
}

/**
 * Runs the abuser (`inFlight` calls at a time, `mode` mix or spray) until it is past the address's ceilings, then for
 * at least `seconds` more while `walkUps` walk-ups arrive one by one over the first half; the abuser stops once it has
 * run its time and every walk-up is done. The abuser's and the server's figures cover the whole run.
 */
export async function floodWhileWalkUps(
  server: { url: string; pid: number; postgres?: boolean },
  options: { seconds: number; walkUps: number; inFlight: number; mode: 'mix' | 'spray' },
): Promise<FloodRun> {
  const abuser = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(repoRoot, 'tests/support/auth-flood-abuser.ts'),
      server.url,
      VENUE,
      String(options.inFlight),
      options.mode,
    ],
    { cwd: repoRoot, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let output = '';
  abuser.stdout!.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => abuser.on('exit', resolve));
  // Whatever ends the run (a walk-up that threw, say), the abuser stops with it: left running, it would flood whatever
  // the suite runs next.
  try {
    return await floodRun(server, options, { process: abuser, exited, output: () => output });
  } finally {
    if (abuser.exitCode === null && abuser.signalCode === null) abuser.kill('SIGTERM');
    await exited;
  }
}

async function floodRun(
  server: { url: string; pid: number; postgres?: boolean },
  options: { seconds: number; walkUps: number; inFlight: number; mode: 'mix' | 'spray' },
  abuser: { process: ChildProcess; exited: Promise<unknown>; output: () => string },
): Promise<FloodRun> {
  const running = () => abuser.process.exitCode === null && abuser.process.signalCode === null;
  while (!abuser.output().includes('started')) {
    if (!running()) throw new Error(`the abuser stopped before it started: ${abuser.output()}`);
    await sleep(50);
  }
  // The walk-ups arrive once the flood is past the address's ceilings (every abuser call then costs a proof of work),
  // or after two minutes, whichever comes first.
  const serverCpuBefore = processCpuMs(server.pid);
  const databaseCpuBefore = server.postgres ? postgresCpuMs() : 0;
  const building = performance.now();
  while (!abuser.output().includes('over-ceiling') && performance.now() - building < 120_000) await sleep(100);
  const started = performance.now();
  const spacing = (options.seconds * 500) / options.walkUps;
  // The walk-ups' phones solve in worker threads (two: this machine's cores), off the event loop that sends their calls.
  const solver = createSolverPool(2);
  const walkUps = await Promise.all(
    Array.from({ length: options.walkUps }, async (_, index) => {
      await sleep(index * spacing);
      return walkUp(server.url, index, solver);
    }),
  ).finally(() => solver.close());
  const left = options.seconds * 1000 - (performance.now() - started);
  if (left > 0) await sleep(left);
  // Its last line is its report, written when it stops.
  abuser.process.kill('SIGTERM');
  await abuser.exited;
  const output = abuser.output();
  const serverCpuMs = Math.round(processCpuMs(server.pid) - serverCpuBefore);
  const databaseCpuMs = server.postgres ? Math.round(postgresCpuMs() - databaseCpuBefore) : 0;
  const report = JSON.parse(output.trim().split('\n').at(-1)!) as AbuserReport;
  const buildUpSeconds = Math.round((started - building) / 100) / 10;
  const pastCeilings = output.includes('over-ceiling');
  return {
    walkUps,
    abuser: report,
    buildUpSeconds,
    pastCeilings,
    serverCpuMs,
    databaseCpuMs,
    seconds: Math.round((performance.now() - started) / 100) / 10,
  };
}

/** Median and max of the walk-ups' times, in seconds. */
export function walkUpTimes(run: FloodRun) {
  const times = run.walkUps.map((walkUp) => walkUp.ms).sort((a, b) => a - b);
  return { medianS: times[Math.floor(times.length / 2)]! / 1000, maxS: times.at(-1)! / 1000 };
}
