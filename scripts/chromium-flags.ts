// Debian's Chromium as the browser tests and the benches launch it (never a downloaded browser).
import { existsSync } from 'node:fs';

/** The Chromium binary for the benches (Lighthouse, Slow 3G: what a player's browser does): CHROMIUM_PATH, else Debian's. */
export const chromiumPath = () => process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Debian's build of Chromium's headless shell (package chromium-headless-shell): the same Chromium, without a browser UI. */
export const HEADLESS_SHELL_PATH = '/usr/bin/chromium-headless-shell';

/**
 * The binary the browser tests drive: CHROMIUM_PATH, else Debian's headless shell when it is installed, else Debian's
 * Chromium. The shell renders pages with the same engine and version but opens each one without the browser's own
 * window and UI: a fresh context with its page cost ~0.08 CPU-s in it against ~0.84 in `chromium --headless`, and the
 * suite opens hundreds (docs/decisions/043-headless-shell-for-tests.md).
 */
export const testChromiumPath = () =>
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : '/usr/bin/chromium');

/** No sandbox (containers), GPU or QUIC, and no background traffic of its own to skew what is measured. */
export const CHROMIUM_QUIET_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Headless, for playwright-core's launch. */
export const CHROMIUM_ARGS = ['--headless', ...CHROMIUM_QUIET_FLAGS];
