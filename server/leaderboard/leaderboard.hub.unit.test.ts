import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { SseClient } from '../../tests/support/sse-client';
import { LeaderboardHub, type BoardState } from './leaderboard.hub';

const board: BoardState = { id: 'board-1', board: { entries: [], total: 0, championStrategy: null, finishes: [], gamesPlayed: 0, sampleImages: [] } };
const failOnError = (error: unknown) => {
  throw error;
};

describe('stream caps', () => {
  it('refuses a client address beyond its cap and the instance beyond its cap, and counts down on release', () => {
    const hub = new LeaderboardHub(async () => board, failOnError, { maxStreamsPerClient: 2, maxStreams: 3 });
    const first = hub.admit('198.51.100.1')!;
    const second = hub.admit('198.51.100.1')!;
    expect(hub.admit('198.51.100.1')).toBeUndefined();
    expect(hub.admit('198.51.100.2')).toBeDefined();
    expect(hub.admit('198.51.100.3')).toBeUndefined();

    first();
    first(); // releasing twice frees one slot only
    expect(hub.admit('198.51.100.3')).toBeDefined();
    expect(hub.admit('198.51.100.1')).toBeUndefined();
    second();
    expect(hub.admit('198.51.100.1')).toBeDefined();
  });
});

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
