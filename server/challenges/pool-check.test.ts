import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ComposeResult, PoolCheck, PromptFlag } from '@contracts/admin-challenges';
import { generatedImage, zipFiles } from '../../tests/support/game';
import { createPlayer, type TestPlayer } from '../../tests/support/players';
import { createTestApp, request, type TestApp } from '../../tests/support/test-app';

const NEAR_A = 'a red fox juggling oranges in a busy market at dawn';
const NEAR_B = 'a red fox juggling oranges at a busy market at dawn';
const PROMPTS = [
  NEAR_A,
  NEAR_B,
  'an astronaut watering a potted plant inside a space station',
  'a pirate captain reading a treasure map on the deck of a sailboat',
  'mountain man',
];

let t: TestApp;
let organizer: TestPlayer;
beforeAll(async () => {
  t = await createTestApp();
  organizer = await createPlayer(t.app, t.database.db, { role: 'organizer' });
});
afterAll(() => t?.close());

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
  request(t.app, { method, url, payload: payload as Record<string, unknown>, cookie: organizer.cookie });

async function uploadPack(prompts: string[], seedBase: number) {
  const files: Record<string, Buffer | string> = {};
  const entries = [];
  for (const [i, prompt] of prompts.entries()) {
    files[`images/${i}.png`] = await generatedImage(seedBase + i);
    entries.push({ file: `images/${i}.png`, prompt });
  }
  files['manifest.json'] = JSON.stringify(entries);
  return request(t.app, {
    method: 'POST',
    url: '/api/admin/challenges/import?name=fox.zip',
    headers: { 'content-type': 'application/zip' },
    payload: zipFiles(files),
    cookie: organizer.cookie,
  });
}

describe('the prompt check at every way in, and over the pool', () => {
  it('names both prompts of a near-duplicate pair at import, lists them in the pool check, and one click disables one', async () => {
    const imported = await uploadPack(PROMPTS, 300);
    expect(imported.statusCode, imported.body).toBe(200);
    const result = imported.json() as { imported: number; flags: PromptFlag[] };
    expect(result.imported).toBe(PROMPTS.length);
    expect(result.flags.map((flag) => [flag.kind, flag.prompt, flag.other])).toEqual([
      ['near_duplicate', NEAR_A, NEAR_B],
      ['too_short', 'mountain man', undefined],
    ]);
    expect(result.flags[0].message).toContain(`"${NEAR_A}" and "${NEAR_B}"`);

    // A second pack repeating a prompt of the pool with one word changed: flagged against the pool.
    const again = (await uploadPack(['a pirate captain reading a treasure map on the deck of a ship'], 400)).json() as {
      flags: PromptFlag[];
    };
    expect(again.flags.map((flag) => [flag.kind, flag.other])).toEqual([
      ['near_duplicate', 'a pirate captain reading a treasure map on the deck of a sailboat'],
    ]);

    const check = (await call('GET', '/api/admin/challenges/check')).json() as PoolCheck;
    expect(check.checked).toBe(PROMPTS.length + 1);
    const fox = check.flags.find((flag) => flag.kind === 'near_duplicate' && [flag.prompt, flag.other].includes(NEAR_A))!;
    expect(fox.challengeId).toBeDefined();
    expect(fox.otherChallengeId).toBeDefined();
    // Disable one of the pair and the short one in one request: the check has nothing left to say about them.
    const disabled = await call('PATCH', '/api/admin/challenges', {
      ids: [fox.otherChallengeId, check.flags.find((flag) => flag.kind === 'too_short')!.challengeId],
      disabled: true,
    });
    expect(disabled.json()).toEqual({ updated: 2 });
    const after = (await call('GET', '/api/admin/challenges/check')).json() as PoolCheck;
    expect(after.checked).toBe(PROMPTS.length - 1);
    const both = (flag: PromptFlag) => [flag.prompt, flag.other].includes(NEAR_A) && [flag.prompt, flag.other].includes(NEAR_B);
    expect(after.flags.some(both)).toBe(false);
    expect(after.flags.some((flag) => flag.kind === 'too_short')).toBe(false);
    expect((await call('PATCH', '/api/admin/challenges', { ids: ['nope'], disabled: true })).statusCode).toBe(400);
  });

  it('composes prompts clear of the pool, and checks a draft before generation', async () => {
    const composed = (
      await call('POST', '/api/admin/challenges/compose', { count: 40, themes: ['animals', 'music'], seed: 3 })
    ).json() as ComposeResult;
    expect(composed.prompts).toHaveLength(40);
    expect(composed.seed).toBe(3);
    const draft = [...composed.prompts.slice(0, 3), NEAR_A.replace('dawn', 'sunrise')];
    const checked = (await call('POST', '/api/admin/challenges/check', { prompts: draft })).json() as { flags: PromptFlag[] };
    expect(checked.flags.map((flag) => [flag.kind, flag.prompt])).toEqual([['near_duplicate', draft[3]]]);
    expect((await call('POST', '/api/admin/challenges/compose', { count: 0 })).statusCode).toBe(400);
    expect((await call('POST', '/api/admin/challenges/compose', { count: 5, themes: ['weather'] })).statusCode).toBe(400);
  });
});
