// Debian's Chromium as the browser tests and the benches launch it (never a downloaded browser).

/** The Chromium binary for the benches (Lighthouse, Slow 3G: what a player's browser does): CHROMIUM_PATH, else Debian's. */
export const chromiumPath = () => process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The binary the browser tests drive (scripts/test-chromium.mjs, which scripts/test.sh asks too). */
export { testChromiumPath } from './test-chromium.mjs';

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
