/** Paths shared by the scripts and the tests (tests may import from scripts/, scripts never import tests/). */
import path from 'node:path';

export const repoRoot = path.resolve(import.meta.dirname, '..');

/** The starter pack shipped in the repo: benchmarks and tests play it as the demo pack. DEMO_PACK overrides. */
export const demoPackDir = path.resolve(repoRoot, process.env.DEMO_PACK ?? 'packs/starter');
