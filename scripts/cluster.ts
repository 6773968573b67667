/**
 * `npm run cluster`: the deploy/ topology on this machine, for a try-out (loopback only): two app instances on the
 * local PostgreSQL (database `guess_the_genesis_cluster`, created if missing), an S3-compatible store (s3rver, kept
 * under data/cluster/s3), and haproxy running deploy/haproxy.cfg on http://127.0.0.1:8080 (CLUSTER_PORT).
 * The auth secret is made once and kept in data/cluster/auth-secret. Ctrl-C stops everything.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
// @ts-expect-error s3rver ships no type declarations
import S3rver from 's3rver';
import { ensureServerBuild } from './build-server.mjs';
import { demoPackDir, repoRoot } from './paths';
import { startCluster } from '../tests/support/cluster';
import { s3StorageEnv } from '../tests/support/s3-server';

const adminUrl = process.env.CLUSTER_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const databaseName = 'guess_the_genesis_cluster';
const dir = path.join(repoRoot, 'data/cluster');
mkdirSync(path.join(dir, 's3'), { recursive: true });

const secretFile = path.join(dir, 'auth-secret');
if (!existsSync(secretFile)) writeFileSync(secretFile, randomBytes(32).toString('base64url'), { mode: 0o600 });
const secret = readFileSync(secretFile, 'utf8').trim();

const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect().catch((error: Error) => {
  console.error(`PostgreSQL does not answer at ${adminUrl} (${error.message}). Start it, or set CLUSTER_POSTGRES_URL.`);
  process.exit(1);
});
const exists = await admin.query('select 1 from pg_database where datname = $1', [databaseName]);
if (exists.rowCount === 0) await admin.query(`create database ${databaseName}`);
await admin.end();
const databaseUrl = new URL(adminUrl);
databaseUrl.pathname = `/${databaseName}`;

const s3 = new S3rver({
  port: 0,
  address: '127.0.0.1',
  silent: true,
  directory: path.join(dir, 's3'),
  configureBuckets: [{ name: 'challenge-images' }],
});
const { port: s3Port } = (await s3.run()) as { port: number };

const bundle = await ensureServerBuild();
const port = Number(process.env.CLUSTER_PORT ?? 8080);
console.log(`Starting 2 instances and haproxy (deploy/haproxy.cfg) on http://127.0.0.1:${port} …`);
const cluster = await startCluster({
  bundle,
  instances: 2,
  bind: { host: '127.0.0.1', port },
  appPorts: [3101, 3102],
  inherit: true,
  env: {
    DATABASE_URL: databaseUrl.toString(),
    BETTER_AUTH_SECRET: secret,
    ...s3StorageEnv({
      bucket: 'challenge-images',
      endpoint: `http://127.0.0.1:${s3Port}`,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
    }),
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    ...(process.env.CHALLENGE_PACK || existsSync(demoPackDir) ? { CHALLENGE_PACK: process.env.CHALLENGE_PACK ?? demoPackDir } : {}),
  },
});
console.log(
  `\nReady: players open http://127.0.0.1:${port} (haproxy → app1 :3101, app2 :3102; same database, same bucket).\n` +
    `Mail is captured: http://127.0.0.1:3101/dev/mail. Try: kill -9 ${cluster.instances[1].child.pid} (app2) and keep playing.\nCtrl-C stops everything.`,
);
const stop = async () => {
  await cluster.close();
  await s3.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
