import { buildServer } from '../../scripts/build-server.mjs';
import { testServerBundle } from './server-process';

/**
 * Tests that start the real server as a process run what `npm start` runs: the server bundled into one module for
 * plain node (scripts/build-server.mjs). It is rebuilt at the start of each run, so they always test the sources
 * on disk now (the build is atomic: two projects building at once never leave half a file).
 */
export default async function setup() {
  await buildServer(testServerBundle, { sourcemap: true });
}
