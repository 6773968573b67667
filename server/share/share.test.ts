import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatScore } from '@contracts/game.rules';
import { createGamer, importDemoPack, playFullGame, startGame, submitGuess } from '../../tests/support/game';
import { setHidden } from '../../tests/support/leaderboard-entries';
import { createTestApp, request, type TestApp } from '../../tests/support/test-app';
import { shareCardSvg } from './share-card';
import { CARD_RATE_LIMIT } from './share.routes';

let t: TestApp;
// The limiter's clock is ours and stands still, so the per-minute ceiling is reached within its minute however long a
// loaded machine takes to draw 250 cards (on a slow one that takes longer than the window).
const limiterNow = Date.now();
beforeAll(async () => {
  t = await createTestApp({ GAME_URL: 'https://play.example.test/' }, { clock: () => limiterNow });
  await importDemoPack(t);
});
afterAll(() => t?.close());

const get = (url: string) => request(t.app, { method: 'GET', url });
const meta = (html: string, property: string) => html.match(new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)"`))?.[1];

describe('shared results', () => {
  it('a finished game has a page that unfurls (Open Graph tags) and a 1200×630 PNG card', async () => {
    const player = await createGamer(t, 'Sharer');
    const { attempt } = await playFullGame(t.app, player);

    const page = await get(`/s/${attempt.id}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const html = page.body;
    expect(meta(html, 'og:title')).toBe(`Sharer scored ${formatScore(attempt.finalScore!)} on Guess the Genesis`);
    expect(meta(html, 'og:description')).toMatch(/^#\d+ of \d+ on the leaderboard\./);
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    const cardUrl = meta(html, 'og:image')!;
    // Chat apps need an absolute image URL.
    expect(cardUrl).toMatch(new RegExp(`^https?://[^/]+/api/share/${attempt.id}/card\\.png`));
    expect(html).toContain('href="https://play.example.test/"');

    const card = await get(new URL(cardUrl).pathname + new URL(cardUrl).search);
    expect(card.statusCode).toBe(200);
    expect(card.headers['content-type']).toBe('image/png');
    const { width, height, format } = await sharp(card.rawPayload).metadata();
    expect({ width, height, format }).toEqual({ width: 1200, height: 630, format: 'png' });
  });

  it('an unfinished, unknown or malformed game shares nothing', async () => {
    const player = await createGamer(t);
    const started = (await startGame(t.app, player)).json().attempt;
    await submitGuess(t.app, player, started.id, 'a first try', 1);
    for (const url of [`/s/${started.id}`, `/api/share/${started.id}/card.png`, '/s/00000000-0000-4000-8000-000000000000']) {
      expect((await get(url)).statusCode, url).toBe(404);
    }
    expect((await get('/s/not-a-uuid')).statusCode).toBe(400);
  });

  it('a hidden player is "A player" on the shared page', async () => {
    const player = await createGamer(t, 'Offensive');
    const { attempt } = await playFullGame(t.app, player);
    await setHidden(t.database.db, player.id, true);
    const page = await get(`/s/${attempt.id}`);
    expect(page.body).not.toContain('Offensive');
    expect(meta(page.body, 'og:title')).toMatch(/^A player scored/);
  });

  it('refuses card number 241 from one address within a minute (429 + Retry-After); other addresses go on', async () => {
    const player = await createGamer(t, 'Popular');
    const { attempt } = await playFullGame(t.app, player);
    const card = (remoteAddress: string) => request(t.app, { method: 'GET', url: `/api/share/${attempt.id}/card.png`, remoteAddress });
    const statuses = new Map<number, number>();
    for (let i = 0; i < 250; i++) {
      const { statusCode } = await card('203.0.113.7');
      statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1);
    }
    expect(Object.fromEntries(statuses)).toEqual({ 200: CARD_RATE_LIMIT.max, 429: 250 - CARD_RATE_LIMIT.max });
    const refused = await card('203.0.113.7');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().code).toBe('RATE_LIMITED');
    expect((await card('198.51.100.9')).statusCode).toBe(200);
  }, 300_000); // 240 cards drawn one after the other: a hang guard, not a speed claim

  it('draws the name, score, rank and game URL on the card, escaped, and nothing else of the game', async () => {
    const svg = await shareCardSvg({
      displayName: 'Tom & <Jerry>',
      score: 87.44,
      rank: 3,
      total: 40,
      gameUrl: 'https://play.example.test/',
      image: null,
    });
    expect(svg).toContain('Tom &amp; &lt;Jerry&gt; scored');
    expect(svg).toContain('87.4%');
    expect(svg).toContain('#3 of 40 on the leaderboard');
    expect(svg).toContain('play.example.test');
  });
});
