// `npm run bench:auth-flood -- [seconds=60] [inFlight=48] [pglite]`: the auth flood of docs/decisions/054, timed.
//
// The real server (TRUST_PROXY=1, AUTH_RATE_LIMIT on, PostgreSQL unless `pglite`), one abuser in its own process with
// `inFlight` calls at a time from the venue address (junk sign-ups, junk codes, sprayed passwords; every proof of work
// solved natively), and 24 walk-ups on that address who sign up, read their mail, type the code and sign in on a
// second device, as the web client does. Then the same with sprayed passwords only. Prints, for each: walk-ups in,
// median and max time; what the abuser paid (its CPU, and per call) and what the server paid (CPU per call, all calls).
import os from 'node:os';
import { floodWhileWalkUps, walkUpTimes, type FloodRun } from '../../tests/support/auth-flood';
import { startBenchServer, machine } from './bench-server';

const seconds = Number(process.argv[2] ?? 60);
const inFlight = Number(process.argv[3] ?? 48);
const pglite = process.argv.includes('pglite');
console.log(`machine: ${JSON.stringify(machine())}`);
console.log(`flood: ${seconds} s, ${inFlight} abuser calls in flight, ${pglite ? 'PGlite' : 'PostgreSQL'}`);

function print(name: string, run: FloodRun) {
  const { medianS, maxS } = walkUpTimes(run);
  const walkUpCalls = run.walkUps.length * 3;
  const allCalls = run.abuser.calls + walkUpCalls;
  console.log(`\n${name} (load ${os.loadavg()[0].toFixed(1)})`);
  console.log(
    `  walk-ups: ${run.walkUps.filter((w) => w.in).length}/${run.walkUps.length} in, median ${medianS.toFixed(1)} s, max ${maxS.toFixed(1)} s; ` +
      `503s waited out ${run.walkUps.reduce((sum, w) => sum + w.busy, 0)}, proofs solved ${run.walkUps.reduce((sum, w) => sum + w.solves, 0)}, ` +
      `connections lost ${run.walkUps.reduce((sum, w) => sum + w.networkErrors, 0)}`,
  );
  if (process.env.BENCH_VERBOSE)
    for (const w of run.walkUps) console.log(`  ${w.email}: steps ${w.steps.join(' ')} busy ${w.busy} solves ${w.solves}`);
  for (const failed of run.walkUps.filter((w) => !w.in)) console.log(`  not in: ${failed.email}: ${failed.failure}`);
  console.log(
    `  abuser: ${run.abuser.calls} calls in ${run.abuser.seconds} s, answers ${JSON.stringify(run.abuser.byStatus)}, lost ${run.abuser.networkErrors}`,
  );
  console.log(
    `  abuser paid: ${run.abuser.cpuMs} CPU ms (${(run.abuser.cpuMs / run.abuser.calls).toFixed(1)} per call), ` +
      `${run.abuser.solves} proofs solved (${(run.abuser.cpuMs / Math.max(1, run.abuser.solves)).toFixed(0)} CPU ms of the abuser per solve); ` +
      `past the ceilings after ${run.buildUpSeconds} s`,
  );
  const paid = run.serverCpuMs + run.databaseCpuMs;
  console.log(
    `  server paid: ${paid} CPU ms (server ${run.serverCpuMs}, PostgreSQL ${run.databaseCpuMs}) over ${allCalls} calls ` +
      `(${(paid / allCalls).toFixed(1)} per call); the abuser paid ${(run.abuser.cpuMs / Math.max(1, run.abuser.solves) / (paid / allCalls)).toFixed(1)}× that per proof`,
  );
}

for (const mode of ['mix', 'spray'] as const) {
  const server = await startBenchServer({
    port: 3900 + Math.floor(Math.random() * 90),
    pglite,
    env: {
      TRUST_PROXY: '1',
      AUTH_RATE_LIMIT: 'true',
      STARTER_PACK: 'false',
      EVENT_LOOP_DELAY_LIMIT_MS: '0',
      SHUTDOWN_DRAIN_MS: '0',
      LOG_LEVEL: 'error',
    },
  });
  try {
    const run = await floodWhileWalkUps(
      { url: server.baseUrl, pid: server.process.pid!, postgres: !pglite },
      { seconds, walkUps: 24, inFlight, mode },
    );
    print(mode === 'mix' ? 'all three kinds' : 'sprayed passwords only', run);
  } finally {
    await server.stop();
  }
}
