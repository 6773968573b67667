import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, inject, test } from 'vitest';
import {
  axeViolations,
  baseUrl,
  expectText,
  fillCredentials,
  nameDialogWithSuggestion,
  readLatestMail,
  screenshot,
  signIn,
  uniqueBrowserEmail,
  updateSharedEvent,
  useBrowser,
} from './browser-helpers';

/**
 * Where the real toasts land: never over the page's header, the heading they refer to, the "event is closed" banner,
 * the sign-up code panel, or the guess composer (its field and SUBMIT). Each toast is raised the way a player or an
 * organizer raises it, and its box is measured against those of what it must leave in view. A dialog's errors are
 * said inside the dialog, not in a toast behind its overlay.
 */
const { newPage } = useBrowser();

const PHONES = [
  { width: 375, height: 667 },
  { width: 390, height: 844 },
];
const CONSOLE = { width: 1366, height: 768 };
const GUESS_LABEL = 'What prompt do you think generated this image?';
const sizeName = (viewport: { width: number; height: number }) => `${viewport.width}x${viewport.height}`;

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * The box of the toast titled `title` once it has slid in and stands still: no animation running and the same box two
 * frames in a row (with reduced motion nothing animates, but the toast still moves up when a floor under it mounts).
 * Watched in one call inside the page, frame by frame: a toast lives 4 s, and on a loaded machine a round trip per look
 * could outlast it (a run saw it go between two looks, then waited 30 s for it to come back).
 */
async function settledToast(page: Page, title: string) {
  const toast = page.locator('[data-sonner-toast][data-mounted="true"]', { hasText: title }).first();
  await toast.waitFor();
  const box = await toast.evaluate(async (element) => {
    const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    let last = '';
    // At most ~10 s of frames; a toast that goes first is reported, not waited for.
    for (let frame = 0; frame < 600 && element.isConnected; frame++) {
      await nextFrame();
      if (element.getAnimations({ subtree: true }).length > 0) {
        last = '';
        continue;
      }
      const { x, y, width, height } = element.getBoundingClientRect();
      const now = JSON.stringify({ x, y, width, height });
      if (now === last) return { x, y, width, height };
      last = now;
    }
    return null;
  });
  expect(box, `the "${title}" toast stood still on screen`).not.toBeNull();
  return box!;
}

/**
 * The toast titled `title` is fully on screen and covers none of `keep` (each must be visible, or it proves nothing).
 * Returns the toast's box, for the report.
 */
async function expectToastClear(page: Page, title: string, shot: string, keep: Record<string, Locator>) {
  // The screen the toast must clear is there first (a toast shown as the game screen mounts rises with its composer).
  for (const locator of Object.values(keep)) await locator.waitFor();
  const toast = await settledToast(page, title);
  // What the player sees (the viewport, not the full page: the toast is fixed to it), before anything is asserted.
  await screenshot(page, shot, { fullPage: false });
  const viewport = page.viewportSize()!;
  expect(toast.y, `"${title}" is on screen`).toBeGreaterThanOrEqual(0);
  expect(toast.y + toast.height, `"${title}" is on screen`).toBeLessThanOrEqual(viewport.height);
  for (const [name, locator] of Object.entries(keep)) {
    await locator.waitFor();
    const box = await locator.boundingBox();
    expect(box, `${name} is on the page`).toBeTruthy();
    expect(overlaps(toast, box!), `the "${title}" toast ${JSON.stringify(toast)} covers ${name} ${JSON.stringify(box)}`).toBe(false);
  }
  return toast;
}

// The files of the browser project run one at a time: closing the shared server's event here reaches no other
// journey, and it is opened again whatever happens.
afterAll(() => updateSharedEvent({ isOpen: true }));

/** A verified player signed in inside `page`'s context, with `displayName` if given. */
async function signedInPlayer(page: Page, displayName?: string) {
  const headers = { origin: baseUrl() };
  const email = uniqueBrowserEmail('toast');
  expect(
    (await page.request.post('/api/auth/sign-up/email', { data: { email, password: 'correct horse', name: '' }, headers })).status(),
  ).toBe(200);
  await page.request.get((await readLatestMail(baseUrl(), email)).link);
  if (displayName) expect((await page.request.put('/api/profile', { data: { displayName }, headers })).status()).toBe(200);
}

const uniqueName = (label: string) => `${label}${Math.random().toString(36).slice(2, 8)}`;

describe.each(PHONES)('toasts on a $width x $height phone', (viewport) => {
  const size = sizeName(viewport);

  test('a refused sign-in: below the header, clear of the form heading and the code panel', async () => {
    const { page, allowFailure } = await newPage({ viewport });
    allowFailure('/api/auth/sign-in/email', 401);
    await page.goto('/auth');
    await page.getByRole('heading', { name: 'Welcome back!' }).waitFor();
    await fillCredentials(page, uniqueBrowserEmail('toast-refused'), 'not the password');
    await page.getByRole('button', { name: 'SIGN IN', exact: true }).click();
    await expectToastClear(page, 'Authentication Error', `toast-auth-refused-${size}`, {
      'the header': page.getByRole('banner'),
      'the form heading': page.getByRole('heading', { name: 'Welcome back!' }),
      'the code panel heading': page.getByRole('heading', { name: 'Not confirmed your e-mail yet?' }),
      'the e-mail field': page.getByLabel(/e-?mail/i).first(),
    });
  });

  test('a sign-up: the confirmation toast leaves the code panel and its field in view', async () => {
    const { page } = await newPage({ viewport });
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();
    await page.getByRole('heading', { name: 'Join the challenge!' }).waitFor();
    await fillCredentials(page, uniqueBrowserEmail('toast-signup'), 'correct horse');
    await page.getByRole('button', { name: 'SIGN UP', exact: true }).click();
    await expectToastClear(page, 'Check your email!', `toast-auth-signed-up-${size}`, {
      'the header': page.getByRole('banner'),
      'the code panel heading': page.getByRole('heading', { name: 'Enter the code from your e-mail' }),
      'the code field': page.getByLabel('Verification code'),
    });
  });

  test('the name dialog says a taken name inside itself; the saved toast clears the game heading and the composer', async () => {
    const { page, allowFailure } = await newPage({ viewport });
    allowFailure('/api/profile', 400);
    // Another player holds the name first.
    const taken = uniqueName('Taken');
    const other = await newPage({ viewport });
    await signedInPlayer(other.page, taken);
    await signedInPlayer(page);

    await page.goto('/play');
    // The Toaster is mounted (a toast raised now would show at once).
    await page.locator('section[aria-label^="Notifications"]').waitFor({ state: 'attached' });
    await page.getByRole('button', { name: 'START CHALLENGE' }).click();
    const { dialog, nameInput } = await nameDialogWithSuggestion(page);
    await nameInput.fill(taken);
    await dialog.getByRole('button', { name: 'CONFIRM' }).click();
    const refusal = dialog.getByText('That display name is already taken', { exact: false });
    await refusal.waitFor();
    // Said inside the dialog (a toast would sit behind its overlay, out of reach of a screen reader and a tap).
    const [dialogBox, refusalBox] = [await dialog.boundingBox(), await refusal.boundingBox()];
    expect(overlaps(dialogBox!, refusalBox!)).toBe(true);
    expect(await page.locator('[data-sonner-toast]').count()).toBe(0);
    await screenshot(page, `toast-name-taken-${size}`);
    expect(await axeViolations(page)).toEqual([]);

    await dialog.getByLabel('Display Name').fill(uniqueName('Free'));
    await dialog.getByRole('button', { name: 'CONFIRM' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expectToastClear(page, 'Display name saved!', `toast-name-saved-${size}`, {
      'the header': page.getByRole('banner'),
      'the game heading': page.getByRole('heading', { name: 'Guess the Prompt - Attempt 1 of 3' }),
      'the guess field': page.getByLabel(GUESS_LABEL),
      SUBMIT: page.getByRole('button', { name: 'SUBMIT GUESS 1' }),
    });
  });

  test('a refused guess: the error toast clears the game heading, the guess field and SUBMIT', async () => {
    const { page, allowFailure } = await newPage({ viewport });
    allowFailure('/api/game/attempts/', 409);
    await signedInPlayer(page, uniqueName('Refused'));
    const headers = { origin: baseUrl() };
    const started = await page.request.post('/api/game/start', { headers });
    expect(started.status()).toBe(201);
    const { attempt } = (await started.json()) as { attempt: { id: string } };
    await page.goto('/play');
    await page.getByLabel(GUESS_LABEL).fill('a lighthouse on a cliff at dusk');
    // Guess 1 is sent from elsewhere first (another tab): the server refuses this one.
    const elsewhere = await page.request.post(`/api/game/attempts/${attempt.id}/guesses`, {
      data: { guess: 'a cat on a windowsill', guessNumber: 1 },
      headers,
    });
    expect(elsewhere.status()).toBe(200);
    await page.getByRole('button', { name: 'SUBMIT GUESS 1' }).click();
    await expectToastClear(page, 'Error submitting guess', `toast-guess-refused-${size}`, {
      'the header': page.getByRole('banner'),
      'the game heading': page.getByRole('heading', { name: /^Guess the Prompt - Attempt \d of 3$/ }),
      'the guess field': page.getByLabel(GUESS_LABEL),
      SUBMIT: page.getByRole('button', { name: /^SUBMIT GUESS \d$/ }),
    });
  });
});

describe('the event closed', () => {
  test('the console toast at 1366x768 clears the section heading and the switch; phones keep the banner and the auth heading in view', async () => {
    const { page } = await newPage({ viewport: CONSOLE });
    const organizer = inject('organizer');
    await signIn(page, organizer.email, organizer.password);
    await page.waitForURL((url) => !url.pathname.startsWith('/auth'));
    await page.goto('/admin/event');
    await page.getByRole('heading', { level: 1, name: 'Event' }).waitFor();
    const toggle = page.getByRole('switch', { name: 'Event open' });
    await expect.poll(() => toggle.isChecked()).toBe(true);
    await toggle.click();
    await expectToastClear(page, 'Event updated', 'toast-console-event-closed-1366x768', {
      'the section heading': page.getByRole('heading', { level: 1, name: 'Event' }),
      'the card heading': page.getByText('Game status', { exact: true }),
      'the switch': toggle,
    });

    for (const viewport of PHONES) {
      const phone = await newPage({ viewport });
      phone.allowFailure('/api/auth/sign-in/email', 401);
      await phone.page.goto('/auth');
      await expectText(phone.page, 'The event is closed');
      await fillCredentials(phone.page, uniqueBrowserEmail('toast-closed'), 'not the password');
      await phone.page.getByRole('button', { name: 'SIGN IN', exact: true }).click();
      await expectToastClear(phone.page, 'Authentication Error', `toast-auth-event-closed-${sizeName(viewport)}`, {
        'the header': phone.page.getByRole('banner'),
        'the "event is closed" banner': phone.page.getByText('The event is closed', { exact: true }),
        'the form heading': phone.page.getByRole('heading', { name: 'Welcome back!' }),
      });
    }
  });
});
