import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { axeViolations, baseUrl, readLatestMail, screenshot, uniqueBrowserEmail, useBrowser } from './browser-helpers';
import { testDisplayName } from '../support/display-names';

/**
 * WCAG 2.1 AA over every page and state a visitor or player can reach: axe-core (wcag2a, wcag2aa, wcag21aa) must find
 * nothing. Each state is (name, url, setup): console pages are appended to `states` the same way.
 */
export interface A11yState {
  name: string;
  url: string;
  viewport?: { width: number; height: number };
  /** 'player': a fresh verified player is signed in first (with a display name unless `named: false`). */
  as?: 'visitor' | 'player';
  named?: boolean;
  /** A request the page may fail on purpose (e.g. the 404 page's own status). */
  allow?: { path: string; status: number | 'network' };
  /** Runs after the page loaded; returns when the state is on screen. */
  setup?: (page: Page) => Promise<void>;
}

const GUESS_LABEL = 'What prompt do you think generated this image?';

async function startThroughApi(page: Page) {
  const started = await page.request.post('/api/game/start', { headers: { origin: baseUrl() } });
  expect(started.status()).toBe(201);
  return (await started.json()).attempt as { id: string };
}

async function guessThroughApi(page: Page, attemptId: string, numbers: number[]) {
  for (const guessNumber of numbers) {
    const response = await page.request.post(`/api/game/attempts/${attemptId}/guesses`, {
      data: { guess: `a picture of something number ${guessNumber}`, guessNumber },
      headers: { origin: baseUrl() },
    });
    expect(response.status()).toBe(200);
  }
}

export const states: A11yState[] = [
  {
    name: 'landing',
    url: '/',
    setup: (page) =>
      page
        .getByRole('link', { name: /Get Started/ })
        .first()
        .waitFor(),
  },
  { name: 'auth, sign in', url: '/auth', setup: (page) => page.getByRole('heading', { name: 'Welcome back!' }).waitFor() },
  {
    name: 'auth, sign up',
    url: '/auth',
    setup: async (page) => {
      await page.getByRole('heading', { name: 'Welcome back!' }).waitFor();
      await page.getByRole('button', { name: 'Sign up', exact: true }).click();
      await page.getByRole('heading', { name: 'Join the challenge!' }).waitFor();
    },
  },
  {
    // A toast at rest, fully shown (the console journey checks its pages once toasts have gone).
    name: 'auth, error toast',
    url: '/auth',
    allow: { path: '/api/auth/sign-in/email', status: 401 },
    setup: async (page) => {
      await page.getByRole('heading', { name: 'Welcome back!' }).waitFor();
      await page.getByLabel(/e-?mail/i).fill(uniqueBrowserEmail('a11y-toast'));
      await page.getByLabel(/^password$/i).fill('not the password');
      await page.getByRole('button', { name: 'SIGN IN', exact: true }).click();
      await page.getByText('Authentication Error').waitFor();
    },
  },
  { name: 'privacy', url: '/privacy', setup: (page) => page.getByRole('heading', { name: 'Privacy Policy' }).waitFor() },
  {
    name: '404',
    url: '/no-such-page',
    allow: { path: '/no-such-page', status: 404 },
    setup: (page) => page.getByText('Oops! Page not found').waitFor(),
  },
  { name: 'leaderboard', url: '/leaderboard', setup: (page) => page.getByRole('heading', { name: 'Leaderboard' }).waitFor() },
  { name: 'booth', url: '/booth', viewport: { width: 1920, height: 1080 }, setup: (page) => page.getByTestId('booth-ticker').waitFor() },
  {
    name: 'play home',
    url: '/play',
    as: 'player',
    setup: async (page) => {
      await page.getByRole('button', { name: 'START CHALLENGE' }).waitFor();
      await page.getByText('Loading stats...').waitFor({ state: 'detached' });
    },
  },
  {
    name: 'account popover',
    url: '/play',
    as: 'player',
    setup: async (page) => {
      await page.getByRole('button', { name: 'Account menu' }).click();
      await page.getByRole('dialog', { name: 'Account' }).waitFor();
    },
  },
  {
    name: 'name dialog',
    url: '/play',
    as: 'player',
    named: false,
    setup: async (page) => {
      await page.getByRole('button', { name: 'START CHALLENGE' }).click();
      await page.getByRole('dialog', { name: 'Choose Your Display Name' }).waitFor();
    },
  },
  {
    name: 'guessing, first guess',
    url: '/play',
    as: 'player',
    setup: async (page) => {
      await startThroughApi(page);
      await page.reload();
      await page.getByLabel(GUESS_LABEL).waitFor();
    },
  },
  {
    name: 'guessing, a guess revealed',
    url: '/play',
    as: 'player',
    setup: async (page) => {
      await startThroughApi(page);
      await page.reload();
      await page.getByLabel(GUESS_LABEL).fill('a cat on a windowsill');
      await page.getByRole('button', { name: 'SUBMIT GUESS 1' }).click();
      await page.getByTestId('guess-reveal').waitFor();
    },
  },
  {
    name: 'image viewer',
    url: '/play',
    as: 'player',
    setup: async (page) => {
      await startThroughApi(page);
      await page.reload();
      await page.getByRole('button', { name: 'View the image larger' }).click();
      await page.getByRole('dialog', { name: 'The challenge image' }).waitFor();
    },
  },
  {
    name: 'complete',
    url: '/play',
    as: 'player',
    setup: async (page) => {
      const attempt = await startThroughApi(page);
      await guessThroughApi(page, attempt.id, [1, 2]);
      await page.reload();
      await page.getByLabel(GUESS_LABEL).fill('a dog in the park');
      await page.getByRole('button', { name: 'SUBMIT GUESS 3' }).click();
      await page.getByRole('heading', { name: 'Challenge Complete!' }).waitFor();
      await page.getByTestId('complete-standing').waitFor();
    },
  },
  {
    // The server can't be reached while a guess is sent: it waits, with its draft, and the composer says so.
    name: 'guessing, waiting for the connection',
    url: '/play',
    as: 'player',
    allow: { path: '/api/', status: 'network' },
    setup: async (page) => {
      await startThroughApi(page);
      await page.reload();
      await page.route(/\/api\/(health|game\/attempts\/)/, (route) => route.abort('connectionrefused'));
      await page.getByLabel(GUESS_LABEL).fill('a cat on a windowsill');
      await page.getByRole('button', { name: 'SUBMIT GUESS 1' }).click();
      await page.getByText("The game server can't be reached, your guess will be sent when it's back.").waitFor();
    },
  },
  {
    // A page whose code cannot be loaded: "Reconnecting…" until it can.
    name: 'reconnecting page',
    url: '/play',
    as: 'player',
    allow: { path: '/', status: 'network' },
    setup: async (page) => {
      await page.getByRole('button', { name: 'START CHALLENGE' }).waitFor();
      await page.route(/\/assets\/leaderboard-[\w-]+\.js$/, (route) => route.abort('internetdisconnected'));
      await page.route('**/api/health', (route) => route.abort('internetdisconnected'));
      await page
        .getByRole('link', { name: /leaderboard/i })
        .first()
        .click();
      await page.getByText('RECONNECTING…').waitFor();
    },
  },
  {
    name: 'history',
    url: '/play',
    as: 'player',
    setup: async (page) => {
      const attempt = await startThroughApi(page);
      await guessThroughApi(page, attempt.id, [1, 2, 3]);
      await page.reload();
      await page.getByRole('button', { name: 'VIEW PREVIOUS GAMES' }).click();
      await page.getByRole('heading', { name: 'Your Previous Games' }).waitFor();
      await page.getByText('Loading your game history...').waitFor({ state: 'detached' });
    },
  },
];

/** A verified player, signed in in this page's context, optionally with a display name. */
async function signInPlayer(page: Page, named: boolean) {
  const email = uniqueBrowserEmail('a11y');
  const response = await page.request.post('/api/auth/sign-up/email', {
    data: { email, password: 'correct horse', name: '' },
    headers: { origin: baseUrl() },
  });
  expect(response.status()).toBe(200);
  const mail = await readLatestMail(baseUrl(), email);
  await page.goto(mail.link);
  if (named) {
    const saved = await page.request.put('/api/profile', {
      data: { displayName: testDisplayName('A11y') },
      headers: { origin: baseUrl() },
    });
    expect(saved.status()).toBe(200);
  }
}

const { newPage } = useBrowser();

describe('accessibility (axe-core, WCAG 2.1 AA)', () => {
  for (const state of states) {
    test(`${state.name}: no violations`, async () => {
      const { page, allowFailure } = await newPage({ viewport: state.viewport });
      if (state.allow) allowFailure(state.allow.path, state.allow.status);
      if (state.as === 'player') await signInPlayer(page, state.named ?? true);
      await page.goto(state.url);
      await state.setup?.(page);
      const violations = await axeViolations(page);
      if (violations.length > 0) await screenshot(page, `a11y-${state.name.replace(/\W+/g, '-')}`);
      expect(violations, `axe on "${state.name}"`).toEqual([]);
    });
  }
});
