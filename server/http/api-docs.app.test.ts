import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlayer, type TestPlayer } from '../../tests/support/players';
import { createTestApp, request, type TestApp } from '../../tests/support/test-app';

describe('the OpenAPI document (generated from the zod schemas)', () => {
  let t: TestApp;
  let organizer: TestPlayer;
  let player: TestPlayer;
  const routes: Array<{ method: string; url: string }> = [];

  beforeAll(async () => {
    t = await createTestApp(
      {},
      {
        onRoute: (route: RouteOptions) => {
          for (const method of [route.method].flat()) routes.push({ method: method.toLowerCase(), url: route.url });
        },
      },
    );
    organizer = await createPlayer(t.app, t.database.db, { role: 'organizer' });
    player = await createPlayer(t.app, t.database.db);
  });
  afterAll(() => t.close());

  it('is for organizers only: 401 anonymous, 403 players, at /api/docs/openapi.json and the page at /api/docs', async () => {
    for (const url of ['/api/docs/openapi.json', '/api/docs', '/api/docs/json']) {
      expect((await request(t.app, { method: 'GET', url })).statusCode, url).toBe(401);
      expect((await request(t.app, { method: 'GET', url, cookie: player.cookie })).statusCode, url).toBe(403);
    }
    const page = await request(t.app, { method: 'GET', url: '/api/docs', cookie: organizer.cookie });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger-ui');
    // Its script and styles are swagger-ui's own files from npm: nothing loads from another host.
    expect(page.body).not.toMatch(/(src|href)="https?:/);
    const script = await request(t.app, { method: 'GET', url: '/api/docs/static/swagger-ui-bundle.js' });
    expect(script.statusCode).toBe(200);
  });

  it('names every /api/admin/* route with its method, and describes its parameters and answers from the zod schemas', async () => {
    const response = await request(t.app, { method: 'GET', url: '/api/docs/openapi.json', cookie: organizer.cookie });
    expect(response.statusCode).toBe(200);
    const document = response.json() as {
      openapi: string;
      paths: Record<string, Record<string, { responses?: Record<string, unknown>; parameters?: Array<{ name: string }> }>>;
    };
    expect(document.openapi).toMatch(/^3\./);

    const admin = routes.filter((route) => route.url.startsWith('/api/admin/') && route.method !== 'head');
    expect(admin.length).toBeGreaterThan(20);
    const missing = admin.filter((route) => {
      const path = route.url.replace(/:(\w+)/g, '{$1}');
      return !document.paths[path]?.[route.method];
    });
    expect(missing).toEqual([]);

    // From the zod schemas: the players table's query, a player's id, the event settings' answer.
    const players = document.paths['/api/admin/players'].get;
    expect(players.parameters?.map((p) => p.name)).toEqual(expect.arrayContaining(['q', 'sort', 'page', 'pageSize']));
    expect(document.paths['/api/admin/players/{id}'].patch.parameters?.map((p) => p.name)).toContain('id');
    expect(JSON.stringify(document.paths['/api/admin/event'].get.responses)).toContain('allowPromptReuse');
    // Only the API is described.
    expect(Object.keys(document.paths).filter((path) => !path.startsWith('/api/'))).toEqual([]);
  });
});
