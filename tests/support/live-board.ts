/**
 * A test file's app with the live board open to real SSE clients: a listening server, the demo pack imported,
 * optionally an organizer and back-to-back games; every client a test opened is closed with the app.
 */
import type { LeaderboardBoard } from '@contracts/leaderboard';
import { allowBackToBackGames, importDemoPack } from './game';
import { createPlayer, type TestPlayer } from './players';
import { SseClient } from './sse-client';
import { createTestApp, type TestApp } from './test-app';

export interface LiveBoardApp {
  t: TestApp;
  /** Present when asked for (`organizer: true`). */
  organizer: TestPlayer;
  streamUrl: string;
  /** A new client on the live board (closed by close()). */
  connect(headers?: Record<string, string>): Promise<SseClient>;
  close(): Promise<void>;
}

export async function openLiveBoardApp(
  env: Record<string, string> = {},
  options: { organizer?: boolean; backToBackGames?: boolean } = {},
): Promise<LiveBoardApp> {
  const t = await createTestApp(env);
  const clients: SseClient[] = [];
  try {
    await importDemoPack(t);
    if (options.backToBackGames) await allowBackToBackGames(t);
    const organizer = options.organizer ? await createPlayer(t.app, t.database.db, { role: 'organizer' }) : (undefined as never);
    const streamUrl = `${await t.app.listen({ port: 0, host: '127.0.0.1' })}/api/leaderboard/stream`;
    return {
      t,
      organizer,
      streamUrl,
      async connect(headers = {}) {
        const client = await SseClient.connect(streamUrl, headers);
        clients.push(client);
        return client;
      },
      async close() {
        for (const client of clients) client.close();
        await t.close();
      },
    };
  } catch (error) {
    await t.close();
    throw error;
  }
}

/** A live-board event's board. */
export const boardOf = (event: { data: string }) => JSON.parse(event.data) as LeaderboardBoard;

/** The board a stream shows now: its last event's (a snapshot, or the update after it). */
export const latestBoard = (client: { events: Array<{ data: string }> }) => boardOf(client.events.at(-1)!);
