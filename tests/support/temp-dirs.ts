import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

const made = new Set<string>();

/**
 * A new temporary folder removed after the test file that asked for it (tests/support/setup-test-env.ts removes
 * them): for helpers whose callers have no use for removing what they were handed (the packs of writePack).
 */
export async function tempDirForThisFile(prefix: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  made.add(dir);
  return dir;
}

/** Removes every folder tempDirForThisFile made so far. */
export async function removeTempDirs(): Promise<void> {
  const dirs = [...made];
  made.clear();
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
}
