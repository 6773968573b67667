import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importDemoPack } from '../../tests/support/game';
import { createTestApp, request, type TestApp } from '../../tests/support/test-app';

// The landing page, /auth and /play say "not ready yet" before anyone signs up when no challenge was ever loaded.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/config: poolReady', () => {
  it('is false on a fresh install with no challenges, and true once a pack is loaded', async () => {
    expect((await request(t.app, { method: 'GET', url: '/api/config' })).json()).toMatchObject({ eventOpen: true, poolReady: false });
    await importDemoPack(t);
    expect((await request(t.app, { method: 'GET', url: '/api/config' })).json()).toMatchObject({ eventOpen: true, poolReady: true });
  });
});
