// `npm run admin:create | challenges:import | storage:migrate`: runs the organizer command named first from its bundle
// (dist/server/<name>.mjs, rebuilt first when a source is newer: scripts/build-server.mjs), with plain node as `npm start`
// runs the server. The command reads its own arguments from process.argv as if started on its own.
//
//   node scripts/cli.mjs admin-create <email> [--password <password>]
import { pathToFileURL } from 'node:url';
import { cliCommands, ensureCliBuild } from './build-server.mjs';

const [name] = process.argv.splice(2, 1);
if (!Object.hasOwn(cliCommands, name ?? '')) {
  console.error(`Usage: node scripts/cli.mjs <${Object.keys(cliCommands).join(' | ')}> [arguments]`);
  process.exit(2);
}
// Stack traces point into the TypeScript sources, as with `node --enable-source-maps`.
process.setSourceMapsEnabled(true);
await import(pathToFileURL(await ensureCliBuild(name)).href);
