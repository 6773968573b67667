import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { SseClient } from '../../tests/support/sse-client';
import { LeaderboardHub, type BoardState } from './leaderboard.hub';

const board: BoardState = {
  id: 'board-1',
  board: {
    entries: [],
    total: 0,
    championStrategy: null,
    boardCounts: 'latest',
    finishes: [],
    gamesPlayed: 0,
    sampleImages: [],
    starts: [],
    playingNow: 0,
    booth: {
      closed: false,
      mode: 'board',
      countdownTo: null,
      message: null,
      podiumRevealed: 0,
      resultsLockAt: null,
      updatedAt: new Date(0).toISOString(),
    },
  },
};
const failOnError = (error: unknown) => {
  throw error;
};

// Stream caps live in StreamAdmission (leaderboard-admission.unit.test.ts).

describe('closing while the first board loads', () => {
  let server: http.Server | undefined;
  afterEach(() => {
    server?.closeAllConnections();
    server?.close();
  });

  it('ends the waiting stream instead of leaving it open', async () => {
    let finishLoad!: (state: BoardState) => void;
    const hub = new LeaderboardHub(() => new Promise<BoardState>((resolve) => (finishLoad = resolve)), failOnError);
    server = http.createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      void hub.add(response, undefined);
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const client = await SseClient.connect(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    await client.waitFor(() => client.comments.includes('connected'), 5000, 'the connected comment');

    hub.close();
    finishLoad(board);
    await client.waitFor(() => client.isClosed, 2000, 'the stream to end');
    expect(client.events).toEqual([]);
  });
});
