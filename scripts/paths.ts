/** Paths shared by the scripts and the tests (tests may import from scripts/, scripts never import tests/). */
import path from 'node:path';

export const repoRoot = path.resolve(import.meta.dirname, '..');

/** The demo challenge pack beside the repo (CI clones shared/ next to main/); DEMO_PACK overrides. Never copied in. */
export const demoPackDir = path.resolve(repoRoot, process.env.DEMO_PACK ?? '../shared/demo-pack');
