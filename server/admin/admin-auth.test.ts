import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlayer, type TestPlayer } from '../../tests/support/players';
import { createTestApp, request, type TestApp } from '../../tests/support/test-app';

/** A challenge id of the right shape (organizer routes refuse before they validate or look anything up). */
const SOME_ID = '00000000-0000-4000-8000-000000000000';

/** Every organizer route, with a body that would be valid for an organizer. */
const routes: Array<{ method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'; url: string; payload?: object }> = [
  { method: 'GET', url: '/api/admin/overview' },
  { method: 'GET', url: '/api/admin/stream' },
  { method: 'GET', url: '/api/admin/players' },
  { method: 'GET', url: '/api/admin/players/PLAYER' },
  { method: 'PATCH', url: '/api/admin/players/PLAYER', payload: { hidden: true } },
  { method: 'DELETE', url: '/api/admin/players/PLAYER' },
  { method: 'GET', url: '/api/admin/winners.csv?top=5' },
  { method: 'GET', url: '/api/admin/event' },
  { method: 'PATCH', url: '/api/admin/event', payload: { isOpen: false } },
  { method: 'POST', url: '/api/admin/event/results-lock' },
  { method: 'DELETE', url: '/api/admin/event/results-lock' },
  { method: 'POST', url: '/api/admin/leaderboard/reset', payload: {} },
  { method: 'GET', url: '/api/admin/leaderboard/archives' },
  { method: 'GET', url: '/api/admin/leaderboard/archives/1' },
  { method: 'GET', url: '/api/admin/audit' },
  { method: 'GET', url: '/api/admin/challenges' },
  { method: 'GET', url: '/api/admin/challenges/health' },
  { method: 'PATCH', url: `/api/admin/challenges/${SOME_ID}`, payload: { disabled: true } },
  { method: 'DELETE', url: `/api/admin/challenges/${SOME_ID}` },
  { method: 'DELETE', url: '/api/admin/challenges/starter-pack' },
  { method: 'POST', url: '/api/admin/challenges/import' },
  { method: 'GET', url: '/api/admin/challenges/generation' },
  { method: 'GET', url: '/api/admin/moderation/blocklist' },
  { method: 'PUT', url: '/api/admin/moderation/blocklist', payload: { terms: ['spoiler'] } },
  { method: 'GET', url: '/api/admin/moderation/matches' },
];

describe('organizer routes refuse everyone else', () => {
  let t: TestApp;
  let player: TestPlayer;

  beforeAll(async () => {
    t = await createTestApp();
    player = await createPlayer(t.app, t.database.db);
  });
  afterAll(() => t.close());

  it.each(routes)('$method $url: 401 anonymous, 403 player, and nothing changes', async (route) => {
    const url = route.url.replace('PLAYER', player.id);
    const anonymous = await request(t.app, { method: route.method, url, payload: route.payload });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe('NO_SESSION');
    const asPlayer = await request(t.app, { method: route.method, url, payload: route.payload, cookie: player.cookie });
    expect(asPlayer.statusCode).toBe(403);
    expect(asPlayer.json()).toEqual({ code: 'FORBIDDEN', message: 'Organizers only' });
    // The refusals are not kept by a cache either (server/http/organizer-scope.ts).
    expect([anonymous.headers['cache-control'], asPlayer.headers['cache-control']]).toEqual(['no-store', 'no-store']);
    // Still there, still visible, event still open, no archive, nothing audited.
    const organizer = await createPlayer(t.app, t.database.db, { role: 'organizer' });
    const seen = await request(t.app, { method: 'GET', url: `/api/admin/players/${player.id}`, cookie: organizer.cookie });
    expect(seen.statusCode).toBe(200);
    expect(seen.json().player.hidden).toBe(false);
    const event = await request(t.app, { method: 'GET', url: '/api/admin/event', cookie: organizer.cookie });
    expect(event.json().isOpen).toBe(true);
    const archives = await request(t.app, { method: 'GET', url: '/api/admin/leaderboard/archives', cookie: organizer.cookie });
    expect(archives.json().archives).toEqual([]);
    const audit = await request(t.app, { method: 'GET', url: '/api/admin/audit', cookie: organizer.cookie });
    expect(audit.json().entries).toEqual([]);
  });

  it('answers an organizer, and no answer is kept by a cache: player data, contacts and the audit log', async () => {
    const organizer = await createPlayer(t.app, t.database.db, { role: 'organizer' });
    for (const route of routes.filter((r) => r.method === 'GET' && r.url !== '/api/admin/stream' && !r.url.endsWith('/1'))) {
      const answer = await request(t.app, { method: 'GET', url: route.url.replace('PLAYER', player.id), cookie: organizer.cookie });
      expect([route.url, answer.statusCode, answer.headers['cache-control']]).toEqual([route.url, 200, 'no-store']);
    }
  });
});
