/**
 * The abuser of the auth flood (tests/support/auth-flood.ts), run in its own process: `inFlight` calls at all times
 * from the venue address (X-Forwarded-For), junk sign-ups, junk codes and sprayed passwords (or only the last), each
 * proof of work the server asks for solved in Node, in two threads, with the fastest solver we have (the browser's own
 * search, faster than node:crypto per try: npm run bench:proof-of-work). Refusals are sent
 * again at once: an abuser does not wait for Retry-After. Stops on SIGTERM and prints one JSON line of what it did
 * and what it paid (its CPU, solver threads included).
 *
 * argv: baseUrl venueIp inFlight mode(mix|spray)
 */
import { randomBytes } from 'node:crypto';
import type { ProofOfWorkChallenge } from '../../contracts/auth.rules';
import { createSolverPool } from './proof-of-work-pool';

const [baseUrl, venue, inFlightArg, mode] = process.argv.slice(2) as [string, string, string, string];
const inFlight = Number(inFlightArg);

const report = {
  calls: 0,
  byStatus: {} as Record<string, number>,
  /** 429s and 503s that came without a Retry-After header. */
  refusalsWithoutRetryAfter: 0,
  /** Connections that failed (reset, closed) instead of answering. */
  networkErrors: 0,
  solves: 0,
  /** The whole process's CPU (solver threads included). */
  cpuMs: 0,
  seconds: 0,
};

const cpuMs = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};

/** Two solver threads: the abuser's event loop keeps its sockets busy while they search. */
const solver = createSolverPool(2);
async function solve(challenge: ProofOfWorkChallenge): Promise<string> {
  const header = await solver.solve(challenge);
  report.solves++;
  return header;
}

const junk = () => `junk-${randomBytes(6).toString('hex')}@example.test`;
function nextCall(i: number): { path: string; body: object } {
  const kind = mode === 'spray' ? 2 : i % 3;
  if (kind === 0) return { path: '/api/auth/sign-up/email', body: { email: junk(), password: 'junk-password', name: '' } };
  if (kind === 1) return { path: '/api/auth/email-otp/verify-email', body: { email: junk(), otp: '000000' } };
  return { path: '/api/auth/sign-in/email', body: { email: junk(), password: 'Summer2026!' } };
}

let stopping = false;
async function send(path: string, body: object, proof?: string): Promise<Response | null> {
  report.calls++;
  try {
    const response = await fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: baseUrl,
        'x-forwarded-for': venue,
        ...(proof ? { 'x-gg-proof': proof } : {}),
      },
      body: JSON.stringify(body),
    });
    report.byStatus[response.status] = (report.byStatus[response.status] ?? 0) + 1;
    if ((response.status === 429 || response.status === 503) && !response.headers.get('retry-after')) report.refusalsWithoutRetryAfter++;
    return response;
  } catch {
    if (!stopping) report.networkErrors++;
    return null;
  }
}

async function loop(worker: number) {
  for (let i = worker; !stopping; i += inFlight) {
    const { path, body } = nextCall(i);
    const response = await send(path, body);
    if (!response) continue;
    const answer = (await response.json().catch(() => null)) as { code?: string; challenge?: ProofOfWorkChallenge } | null;
    if (response.status === 429 && answer?.code === 'PROOF_OF_WORK_REQUIRED' && answer.challenge && !stopping) {
      if (report.solves === 0) process.stdout.write('over-ceiling\n');
      const retried = await send(path, body, await solve(answer.challenge));
      await retried?.arrayBuffer().catch(() => undefined);
    }
  }
}

const started = performance.now();
const cpuStart = cpuMs();
const loops = Array.from({ length: inFlight }, (_, worker) => loop(worker));
process.on('SIGTERM', async () => {
  stopping = true;
  await Promise.race([Promise.all(loops), new Promise((resolve) => setTimeout(resolve, 15_000))]);
  report.cpuMs = Math.round(cpuMs() - cpuStart);
  report.seconds = Math.round((performance.now() - started) / 100) / 10;
  process.stdout.write(`${JSON.stringify(report)}\n`);
  process.exit(0);
});
process.stdout.write('started\n');
