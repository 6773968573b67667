import http from 'node:http';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { announceLeaderboardChange } from '../db/channels';
import { user } from '../db/tables/auth.tables';
import { seedCompletedAttempt, seedPlayer } from '../../tests/support/leaderboard-entries';
import { createPlayer } from '../../tests/support/players';
import { quickPasswordHasher } from '../../tests/support/quick-password-hasher';
import { SseClient } from '../../tests/support/sse-client';
import { cookiesFrom, createTestApp, request, type TestApp } from '../../tests/support/test-app';

// Real HTTP clients against a listening app; every one connects from 127.0.0.1, i.e. one venue address.
let t: TestApp;
let streamUrl: string;
let clients: SseClient[] = [];
beforeAll(async () => {
  // A small instance cap (40): 20 anonymous at most, 4 slots kept for organizers.
  // 25 accounts are created below: a quick hash keeps that to seconds (hashing is not what this file tests).
  t = await createTestApp(
    { SSE_MAX_STREAMS_PER_CLIENT: '2', SSE_MAX_STREAMS: '40', SSE_MAX_ANONYMOUS_STREAMS_PER_ADDRESS: '300' },
    { passwordHasher: quickPasswordHasher },
  );
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  streamUrl = `${address}/api/leaderboard/stream`;
});
afterEach(() => {
  clients.forEach((client) => client.close());
  clients = [];
});
afterAll(() => t?.close());

const connect = async (cookie?: string) => {
  const client = await SseClient.connect(streamUrl, cookie ? { cookie } : {});
  clients.push(client);
  return client;
};
/** Waits until the server has seen the previous test's streams close and given their slots back. */
async function settle() {
  const connections = () =>
    new Promise<number>((resolve, reject) => t.app.server.getConnections((error, count) => (error ? reject(error) : resolve(count))));
  await expect.poll(connections).toBe(0);
  // A socket stops counting just before its 'close' event, which gives the stream's slot back: one turn of the loop.
  await new Promise((resolve) => setImmediate(resolve));
}

describe('GET /api/leaderboard/stream admission', () => {
  it('caps a signed-in account (its tabs), not the address: another account from the same address gets in', async () => {
    const player = await createPlayer(t.app, t.database.db);
    const open = [await connect(player.cookie), await connect(player.cookie)];
    for (const client of open) expect(client.status).toBe(200);
    const third = await connect(player.cookie);
    expect(third.status).toBe(429);
    expect(third.headers['content-type']).toMatch(/application\/json/);
    expect(third.headers['retry-after']).toBeDefined();

    const other = await createPlayer(t.app, t.database.db);
    expect((await connect(other.cookie)).status).toBe(200);

    open[0].close();
    await expect
      .poll(async () => {
        const again = await connect(player.cookie);
        if (again.status !== 200) again.close();
        return again.status;
      })
      .toBe(200);
  });

  it('keeps the organizer reserve even when signed-in players fill everything else', async () => {
    await settle();
    const players = await Promise.all(Array.from({ length: 20 }, () => createPlayer(t.app, t.database.db)));
    let admitted = 0;
    for (const player of players) for (let tab = 0; tab < 2; tab++) if ((await connect(player.cookie)).status === 200) admitted++;
    expect(admitted).toBe(36); // 40 − 4 reserved
    const organizer = await createPlayer(t.app, t.database.db, { role: 'organizer' });
    expect((await connect(organizer.cookie)).status).toBe(200);
  });
  // Last on this app: injected streams are not released when the test destroys them.
  it("an anonymous flood from many addresses fills only its share: players and the organizer's booth screen still get in", async () => {
    await settle();
    const flood: Array<{ destroy(): void }> = [];
    let refused = 0;
    for (let i = 0; i < 60; i++) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/leaderboard/stream',
        remoteAddress: `198.51.100.${i + 1}`,
        payloadAsStream: true,
      });
      if (response.statusCode === 200) flood.push(response.stream());
      else refused++;
    }
    try {
      expect(flood.length).toBe(20);
      expect(refused).toBe(40);
      const player = await createPlayer(t.app, t.database.db);
      expect((await connect(player.cookie)).status).toBe(200);
      const organizer = await createPlayer(t.app, t.database.db, { role: 'organizer' });
      const booth = await connect(organizer.cookie);
      expect(booth.status).toBe(200);
      await booth.nextEvent('snapshot', { after: 0 });
    } finally {
      flood.forEach((stream) => stream.destroy());
    }
  });
});

describe('one account signed in many times', () => {
  let board: TestApp;
  let boardUrl: string;
  const held: SseClient[] = [];
  beforeAll(async () => {
    // The instance of the report: 400 streams, the default 8 per account; 40 kept for organizers, 200 for anonymous.
    board = await createTestApp({ SSE_MAX_STREAMS: '400' }, { passwordHasher: quickPasswordHasher });
    boardUrl = `${await board.app.listen({ port: 0, host: '127.0.0.1' })}/api/leaderboard/stream`;
  });
  afterAll(async () => {
    held.forEach((client) => client.close());
    await board?.close();
  });

  it("holds one player's share however many sessions it opens: a fresh player, an anonymous viewer and the booth still get in", async () => {
    const abuser = await createPlayer(board.app, board.database.db);
    const sessions: string[] = [];
    for (let i = 0; i < 45; i++) {
      const signIn = await request(board.app, {
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email: abuser.email, password: abuser.password },
      });
      expect(signIn.statusCode).toBe(200);
      sessions.push(cookiesFrom(signIn));
    }
    expect(new Set(sessions).size).toBe(45);
    let admitted = 0;
    for (const cookie of sessions) {
      for (let tab = 0; tab < 8; tab++) {
        const client = await SseClient.connect(boardUrl, { cookie });
        if (client.status === 200) {
          held.push(client);
          admitted++;
        } else client.close();
      }
    }
    // Before streams were counted per account, this was 360 of the 400.
    expect(admitted).toBe(8);

    const fresh = await createPlayer(board.app, board.database.db);
    const viewers = [
      await SseClient.connect(boardUrl, { cookie: fresh.cookie }),
      await SseClient.connect(boardUrl),
      await SseClient.connect(boardUrl, { cookie: (await createPlayer(board.app, board.database.db, { role: 'organizer' })).cookie }),
    ];
    held.push(...viewers);
    expect(viewers.map((viewer) => viewer.status)).toEqual([200, 200, 200]);
    await Promise.all(viewers.map((viewer) => viewer.nextEvent('snapshot', { after: 0 })));
  }, 60_000);

  it("the booth gets in even when players fill every slot but the organizers' reserve", async () => {
    // 44 more accounts × 8 tabs: with what is open already, players hold every slot but the 40 kept for organizers.
    const players = await Promise.all(Array.from({ length: 44 }, () => createPlayer(board.app, board.database.db)));
    for (const player of players) {
      for (let tab = 0; tab < 8; tab++) {
        const client = await SseClient.connect(boardUrl, { cookie: player.cookie });
        held.push(client);
      }
    }
    const onePlayerTooMany = await SseClient.connect(boardUrl, { cookie: (await createPlayer(board.app, board.database.db)).cookie });
    held.push(onePlayerTooMany);
    expect(onePlayerTooMany.status).toBe(429);
    const organizer = await createPlayer(board.app, board.database.db, { role: 'organizer' });
    const booths = await Promise.all(Array.from({ length: 3 }, () => SseClient.connect(boardUrl, { cookie: organizer.cookie })));
    held.push(...booths);
    expect(booths.map((booth) => booth.status)).toEqual([200, 200, 200]);
  }, 60_000);
});

describe('accounts made minutes ago', () => {
  let young: TestApp;
  let youngUrl: string;
  const held: SseClient[] = [];
  beforeAll(async () => {
    // 6 streams per address for anonymous viewers and accounts younger than a few minutes, together.
    young = await createTestApp(
      { SSE_MAX_ANONYMOUS_STREAMS_PER_ADDRESS: '6', SSE_MAX_STREAMS_PER_CLIENT: '8' },
      { passwordHasher: quickPasswordHasher },
    );
    youngUrl = `${await young.app.listen({ port: 0, host: '127.0.0.1' })}/api/leaderboard/stream`;
  });
  afterAll(async () => {
    held.forEach((client) => client.close());
    await young?.close();
  });
  const open = async (cookie?: string) => {
    const client = await SseClient.connect(youngUrl, cookie ? { cookie } : {});
    held.push(client);
    return client.status;
  };

  it("count against the address's anonymous cap: fresh throwaway accounts cannot widen it; an older account still gets in", async () => {
    expect([await open(), await open()]).toEqual([200, 200]);
    const throwaways = await Promise.all(Array.from({ length: 3 }, () => createPlayer(young.app, young.database.db)));
    const statuses: number[] = [];
    for (const player of throwaways) for (let tab = 0; tab < 3; tab++) statuses.push(await open(player.cookie));
    // 2 anonymous + 4 from the new accounts fill the address's 6; the rest is refused, however many accounts.
    expect(statuses.filter((status) => status === 200)).toHaveLength(4);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
    expect(await open()).toBe(429);

    const regular = await createPlayer(young.app, young.database.db);
    await young.database.db
      .update(user)
      .set({ createdAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(user.id, regular.id));
    expect([await open(regular.cookie), await open(regular.cookie)]).toEqual([200, 200]);
  });
});

describe('a crowd watching from one address', () => {
  let crowd: TestApp;
  let crowdUrl: string;
  const viewers: SseClient[] = [];
  beforeAll(async () => {
    // Room for exactly 201 anonymous streams from one address (the default is 300): 200 viewers, then one more.
    crowd = await createTestApp({ SSE_MAX_ANONYMOUS_STREAMS_PER_ADDRESS: '201' });
    crowdUrl = `${await crowd.app.listen({ port: 0, host: '127.0.0.1' })}/api/leaderboard/stream`;
  });
  afterAll(async () => {
    viewers.forEach((viewer) => viewer.close());
    await crowd?.close();
  });

  it('200 live viewers from one address all connect, get the board, and stay connected', async () => {
    for (let i = 0; i < 200; i++) viewers.push(await SseClient.connect(crowdUrl));
    expect(viewers.filter((viewer) => viewer.status !== 200)).toEqual([]);
    await Promise.all(viewers.map((viewer) => viewer.nextEvent('snapshot', { after: 0 })));
    // Still connected and served: a finished game afterwards reaches every one of them.
    const received = viewers.map((viewer) => viewer.events.length);
    await seedCompletedAttempt(crowd.database.db, await seedPlayer(crowd.database.db), 42);
    await announceLeaderboardChange(crowd.database.db);
    await Promise.all(viewers.map((viewer, i) => viewer.nextEvent('update', { after: received[i], timeoutMs: 10_000 })));
    expect(viewers.every((viewer) => viewer.status === 200 && !viewer.isClosed)).toBe(true);
  });

  it('HEAD is answered at once and holds no slot', async () => {
    for (let i = 0; i < 50; i++) {
      const status = await new Promise<number>((resolve, reject) => {
        const req = http.request(crowdUrl, { method: 'HEAD' }, (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
        });
        req.on('error', reject);
        req.end();
      });
      expect(status).toBe(200);
    }
    // 50 HEADs later, a browser's stream still gets in.
    const client = await SseClient.connect(crowdUrl);
    viewers.push(client);
    expect(client.status).toBe(200);
  });
});
