/**
 * The web app's table of server paths (contracts/api-paths.ts) names only routes the server registers, with the same
 * parameter names, so a route renamed on one side fails here rather than on a phone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, withParams, withQuery } from '@contracts/api-paths';
import { createTestApp, request, type TestApp } from '../../tests/support/test-app';

let t: TestApp;
/** Every route's URL exactly as it was registered (parameter names included). */
const routes = new Set<string>();
beforeAll(async () => {
  t = await createTestApp({}, { onRoute: (route) => void routes.add(route.url) });
});
afterAll(() => t?.close());

const registered = (url: string) => routes.has(url);

describe('contracts/api-paths.ts', () => {
  it('every path the web calls is a route of the server (better-auth answers under its base path)', async () => {
    const missing = Object.entries(apiPaths).filter(([, pattern]) =>
      pattern.startsWith(`${apiPaths.auth}/`) || pattern === apiPaths.auth ? !registered(`${apiPaths.auth}/*`) : !registered(pattern),
    );
    expect(missing).toEqual([]);
    // better-auth's own route, through its wildcard: a visitor without a session gets null, not a 404.
    const session = await request(t.app, { method: 'GET', url: apiPaths.session });
    expect(session.statusCode).toBe(200);
  });

  it('the check can fail: a path the server does not have, or a parameter named otherwise, is not a route', () => {
    expect(registered('/api/game/attempts/:id/guesses')).toBe(false);
    expect(registered('/api/game/nothing')).toBe(false);
    expect(registered(apiPaths.gameGuesses)).toBe(true);
  });

  it('fills parameters encoded, and adds only the defined query values', () => {
    expect(withParams(apiPaths.gameGuesses, { attemptId: 'a/b c' })).toBe('/api/game/attempts/a%2Fb%20c/guesses');
    expect(withQuery(apiPaths.adminWinnersCsv, { top: 3, archive: undefined })).toBe('/api/admin/winners.csv?top=3');
    expect(withQuery(apiPaths.adminAudit, {})).toBe('/api/admin/audit');
  });
});
