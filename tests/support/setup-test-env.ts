import { afterAll, afterEach, beforeEach, vi } from 'vitest';
import { removeTempDirs } from './temp-dirs';

// A test that makes the app log an unexpected console.error fails (as in epic-stack's setup-test-env).
let errorSpy: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  errorSpy = vi.spyOn(console, 'error');
});
afterEach(() => {
  const calls = errorSpy.mock.calls;
  errorSpy.mockRestore();
  if (calls.length > 0) {
    throw new Error(`console.error was called:\n${calls.map((args: unknown[]) => args.map(String).join(' ')).join('\n')}`);
  }
});

// The folders helpers made for this file (the packs of writePack) go with it.
afterAll(removeTempDirs);
