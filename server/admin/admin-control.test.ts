import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../tests/support/test-app';
import { user } from '../db/tables/auth.tables';
import { CONTROL_PATHS } from './admin-control.routes';

const token = 'control-token-for-this-test-0123456789abcdef';

describe('control routes for the command-line tools', () => {
  let t: TestApp;
  let plain: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { controlToken: token });
    plain = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
    await plain.close();
  });

  const call = (app: TestApp, headers: Record<string, string>, remoteAddress = '127.0.0.1', email = 'cli-boss@example.test') =>
    app.app.inject({
      method: 'POST',
      url: CONTROL_PATHS.adminCreate,
      remoteAddress,
      headers: { origin: TEST_ORIGIN, ...headers },
      payload: { email },
    });

  it('answer 404 without the token, with a wrong one, or from another machine, and change nothing', async () => {
    expect((await call(t, {})).statusCode).toBe(404);
    expect((await call(t, { authorization: `Bearer ${token}x` })).statusCode).toBe(404);
    expect((await call(t, { authorization: 'Bearer short' })).statusCode).toBe(404);
    expect((await call(t, { authorization: `Bearer ${token}`, 'x-forwarded-for': '127.0.0.1' }, '203.0.113.7')).statusCode).toBe(404);
    // A server without a control token (PostgreSQL) has no such routes at all.
    expect((await call(plain, { authorization: `Bearer ${token}` })).statusCode).toBe(404);
    expect(await t.database.db.select().from(user).where(eq(user.email, 'cli-boss@example.test'))).toEqual([]);
  });

  it('create an organizer for a local caller with the token, and refuse bad input with 400', async () => {
    const created = await call(t, { authorization: `Bearer ${token}` });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ status: 'created', generatedPassword: expect.any(String) });
    const [row] = await t.database.db.select().from(user).where(eq(user.email, 'cli-boss@example.test'));
    expect(row).toMatchObject({ role: 'organizer', emailVerified: true });
    expect((await call(t, { authorization: `Bearer ${token}` })).json()).toEqual({ status: 'already' });
    expect((await call(t, { authorization: `Bearer ${token}` }, '127.0.0.1', 'not-an-email')).statusCode).toBe(400);
    const badPack = await t.app.inject({
      method: 'POST',
      url: CONTROL_PATHS.challengesImport,
      remoteAddress: '127.0.0.1',
      headers: { origin: TEST_ORIGIN, authorization: `Bearer ${token}` },
      payload: { packPath: '/nonexistent/pack' },
    });
    expect(badPack.statusCode).toBe(400);
  });
});
