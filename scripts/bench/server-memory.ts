// `npm run bench:memory`: the server's resident memory as an organizer's event sees it. The real server (the bundle
// `npm start` runs, with its malloc settings) starts on a fresh database with a challenge pack imported at start-up,
// then players sign up through the real endpoints (a password hash each, the verification mail, a display name).
// Reports RSS 3 s after start-up, after the sign-ups, 3 s later, and the peak (VmHWM, start-up included).
//   npm run bench:memory -- [--pack DIR] [--players 200] [--pglite] [--env KEY=VALUE ...]
import { parseArgs } from 'node:util';
import { demoPackDir } from '../paths';
import { createBenchPlayer } from '../../tests/support/http-player';
import { startBenchServer } from './bench-server';

const { values } = parseArgs({
  options: {
    pack: { type: 'string', default: demoPackDir },
    players: { type: 'string', default: '200' },
    pglite: { type: 'boolean', default: false },
    env: { type: 'string', multiple: true, default: [] },
  },
});
const env: Record<string, string> = { CHALLENGE_PACK: values.pack, LOG_LEVEL: 'error' };
for (const pair of values.env) {
  const at = pair.indexOf('=');
  env[pair.slice(0, at)] = pair.slice(at + 1);
}
const settle = () => new Promise((resolve) => setTimeout(resolve, 3000));

const server = await startBenchServer({ port: 3191, env, pglite: values.pglite });
try {
  await settle();
  const started = Math.round(server.rssMiB());
  const players = Number(values.players);
  for (let i = 0; i < players; i += 4) {
    await Promise.all(Array.from({ length: Math.min(4, players - i) }, (_, k) => createBenchPlayer(server.baseUrl, i + k)));
  }
  const afterSignUps = Math.round(server.rssMiB());
  await settle();
  console.log(
    JSON.stringify({
      database: values.pglite ? 'pglite' : 'postgres',
      pack: values.pack,
      env: values.env,
      rssMiB: { started, afterSignUps, settled: Math.round(server.rssMiB()), peak: Math.round(server.peakRssMiB()) },
      players,
    }),
  );
} finally {
  await server.stop();
}
