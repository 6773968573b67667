// Which Chromium the browser tests drive, in one place for scripts/test.sh (run directly: prints the path) and for
// the tests themselves (scripts/chromium-flags.ts): CHROMIUM_PATH, else Debian's headless shell when it is installed,
// else Debian's Chromium. The shell renders pages with the same engine and version but opens each one without the
// browser's own window and UI: a fresh context with its page costs a tenth of the CPU it costs in
// `chromium --headless`, and the suite opens hundreds (docs/decisions/043-headless-shell-for-tests.md).
import { accessSync, constants } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Debian's build of Chromium's headless shell (package chromium-headless-shell): the same Chromium, without a browser UI. */
const HEADLESS_SHELL_PATH = '/usr/bin/chromium-headless-shell';

const executable = (file) => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

export const testChromiumPath = () =>
  process.env.CHROMIUM_PATH ?? (executable(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : '/usr/bin/chromium');

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(testChromiumPath());
