// Live leaderboard fan-out: one server instance on PostgreSQL holding many concurrent SSE clients while
// challenges finish. Reports finish → delivery latency (p50/p95/p99) over every client and the server's memory.
//   npm run bench:sse [-- --clients 1000 --completions 30 --interval-ms 500]
// Loopback only; every loop is bounded. A "finish" is what the game service does when the third guess lands:
// the attempt row gets its final score and completed_at, then NOTIFY leaderboard_changed.
import http from 'node:http';
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { startBenchServer, summarize } from './bench-server';

const { values } = parseArgs({
  options: {
    clients: { type: 'string', default: '1000' },
    completions: { type: 'string', default: '30' },
    'interval-ms': { type: 'string', default: '500' },
    port: { type: 'string', default: '4391' },
  },
});
const CLIENTS = Math.min(5000, Number(values.clients));
const COMPLETIONS = Math.min(200, Number(values.completions));
const INTERVAL_MS = Math.max(150, Number(values['interval-ms']));

const rssMiB = (pid: number, field: 'VmRSS' | 'VmHWM') =>
  Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(new RegExp(`${field}:\\s+(\\d+)`))![1]) / 1024;

/** A minimal SSE reader: for every `update` frame, records when each awaited marker name first shows up. */
function openClient(url: string, onUpdate: (data: string, at: number) => void): Promise<http.ClientRequest> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent: false, headers: { accept: 'text/event-stream' } }, (response) => {
      if (response.statusCode !== 200) return reject(new Error(`stream answered ${response.statusCode}`));
      response.setEncoding('utf8');
      let buffer = '';
      response.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (!frame.includes('event: update')) continue;
          const data = frame.split('\n').find((line) => line.startsWith('data: '));
          if (data) onUpdate(data.slice(6), performance.now());
        }
      });
      resolve(request);
    });
    request.on('error', reject);
  });
}

async function main() {
  // Every client is anonymous on 127.0.0.1: lift the per-address cap and keep the anonymous share (half) above CLIENTS.
  const server = await startBenchServer({
    port: Number(values.port),
    env: { SSE_MAX_ANONYMOUS_STREAMS_PER_ADDRESS: String(CLIENTS), SSE_MAX_STREAMS: String(Math.max(5_000, CLIENTS * 2 + 100)) },
  });
  const pid = server.process.pid!;
  const db = new pg.Client({ connectionString: server.databaseUrl });
  await db.connect();
  const challengeIds = (
    await db.query<{ id: string }>(
      `insert into challenges (image_key, prompt, content_hash) select 'bench-' || g || '.webp', 'bench prompt ' || g, 'bench-' || g from generate_series(1, 300) g returning id`,
    )
  ).rows.map((r) => r.id);

  // A realistic board: 300 players already on it.
  for (let i = 0; i < 300; i++) {
    const id = randomUUID();
    await db.query(`insert into "user" (id, name, email, email_verified) values ($1, '', $2, true)`, [
      id,
      `seed-${i}-${randomBytes(3).toString('hex')}@example.test`,
    ]);
    await db.query(`insert into profiles (id, display_name) values ($1, $2)`, [id, `Seed${i}`]);
    await db.query(
      `insert into attempts (user_id, challenge_id, guess_1, guess_2, guess_3, score_1, final_score, completed_at) values ($1, $2, 'a', 'b', 'c', $3, $3, now())`,
      [id, challengeIds[i % challengeIds.length], Math.random() * 40],
    );
  }

  const rssBefore = rssMiB(pid, 'VmRSS');
  const awaited = new Map<string, { finishedAt: number; seen: Set<number> }>();
  const latencies: number[] = [];
  const connectStarted = performance.now();
  const requests: http.ClientRequest[] = [];
  for (let i = 0; i < CLIENTS; i += 100) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(100, CLIENTS - i) }, (_, j) =>
        openClient(`${server.baseUrl}/api/leaderboard/stream`, (data, at) => {
          for (const [name, pending] of awaited) {
            if (pending.seen.has(i + j) || !data.includes(`"${name}"`)) continue;
            pending.seen.add(i + j);
            latencies.push(at - pending.finishedAt);
          }
        }),
      ),
    );
    requests.push(...batch);
  }
  const connectMs = performance.now() - connectStarted;
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const rssConnected = rssMiB(pid, 'VmRSS');

  let missed = 0;
  for (let c = 0; c < COMPLETIONS; c++) {
    const id = randomUUID();
    const name = `Finisher${c}`;
    await db.query(`insert into "user" (id, name, email, email_verified) values ($1, '', $2, true)`, [
      id,
      `fin-${c}-${randomBytes(3).toString('hex')}@example.test`,
    ]);
    await db.query(`insert into profiles (id, display_name) values ($1, $2)`, [id, name]);
    // High enough to land in the broadcast top 50.
    const score = 60 + c;
    await db.query(
      `insert into attempts (user_id, challenge_id, guess_1, guess_2, guess_3, score_1, final_score, completed_at) values ($1, $2, 'a', 'b', 'c', $3, $3, now())`,
      [id, challengeIds[c % challengeIds.length], score],
    );
    const pending = { finishedAt: 0, seen: new Set<number>() };
    awaited.set(name, pending);
    pending.finishedAt = performance.now();
    await db.query(`select pg_notify('leaderboard_changed', '')`);
    await new Promise((resolve) => setTimeout(resolve, INTERVAL_MS));
    missed += CLIENTS - pending.seen.size;
    awaited.delete(name);
  }

  const result = {
    clients: CLIENTS,
    completions: COMPLETIONS,
    intervalMs: INTERVAL_MS,
    connectAllMs: Math.round(connectMs),
    deliveries: latencies.length,
    notDeliveredWithinInterval: missed,
    latencyMs: summarize(latencies),
    serverRssMiB: { beforeClients: Math.round(rssBefore), withClients: Math.round(rssConnected), peak: Math.round(rssMiB(pid, 'VmHWM')) },
    perClientKiB: Math.round((((rssConnected - rssBefore) * 1024) / CLIENTS) * 10) / 10,
  };
  console.log(JSON.stringify(result, null, 2));

  requests.forEach((request) => request.destroy());
  await db.end();
  await server.stop();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
