import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { spawnServer } from '../tests/support/server-process';

// The server bundle (scripts/build-server.mjs) as `npm start` runs it, refusing a bad configuration before it opens any
// database: run once (server/main.test.ts has the restart on each database).

describe('configuration checked at start-up', () => {
  it('exits non-zero with a message naming the bad variable', async () => {
    const server = spawnServer({ PORT: 'abc', DATA_DIR: path.join(tmpdir(), 'gg-never-created') });
    expect(await server.exited).not.toBe(0);
    expect(server.output()).toMatch(/Invalid configuration/);
    expect(server.output()).toMatch(/^\s*PORT: /m);
  });

  it('names every bad variable at once, including what production requires', async () => {
    const server = spawnServer({ NODE_ENV: 'production', SMTP_URL: 'mail.example.com', DATA_DIR: path.join(tmpdir(), 'gg-never-created') });
    expect(await server.exited).not.toBe(0);
    for (const name of ['SMTP_URL', 'BETTER_AUTH_SECRET', 'PUBLIC_URL']) expect(server.output()).toMatch(new RegExp(`^\\s*${name}: `, 'm'));
  });
});
