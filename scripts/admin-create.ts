// `npm run admin:create -- <email> [--password <password>]`: makes <email> an organizer (who may open /admin).
// An existing account is promoted. Otherwise an account is created through better-auth (so the password is hashed
// exactly as at sign-up), marked verified, and its password (random unless given) is printed once.
// Uses the server's own configuration: DATA_DIR (PGlite) or DATABASE_URL, read from the environment. With the
// embedded database and a server running, the work is done by that server (scripts/cli-database.ts).
// The arguments are checked before the server's modules load (better-auth, the database drivers): a typo is answered
// at once.
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { MIN_PASSWORD_LENGTH } from '@contracts/auth.rules';
import type { OrganizerCreateResult } from '../server/auth/organizer-create';

const usage = 'Usage: npm run admin:create -- <email> [--password <password>]';

async function main() {
  const { positionals, values } = parseArgs({ allowPositionals: true, options: { password: { type: 'string' } } });
  const email = z.string().trim().toLowerCase().email().safeParse(positionals[0]);
  if (positionals.length !== 1 || !email.success)
    throw new UsageError(`${positionals[0] ? `Not an e-mail address: ${positionals[0]}\n` : ''}${usage}`);
  if (values.password !== undefined && values.password.length < MIN_PASSWORD_LENGTH) {
    throw new UsageError(`The password must be at least ${MIN_PASSWORD_LENGTH} characters.`);
  }

  const [{ CONTROL_PATHS }, { resolveAuthSecret }, { createOrganizer }, { loadEnv }, { withDatabaseOrServer }] = await Promise.all([
    import('../server/admin/admin-control.routes'),
    import('../server/auth/auth-secret'),
    import('../server/auth/organizer-create'),
    import('../server/env'),
    import('./cli-database'),
  ]);
  const env = loadEnv();
  let via = '';
  const result = await withDatabaseOrServer<OrganizerCreateResult>(env, 'npm run admin:create', {
    direct: ({ db }) =>
      createOrganizer(
        {
          db,
          secret: resolveAuthSecret(env.BETTER_AUTH_SECRET, env.dataDir),
          publicUrl: env.publicUrl,
          production: env.NODE_ENV === 'production',
        },
        email.data,
        values.password,
      ),
    viaServer: (control) => {
      via = ` (done by the running server, pid ${control.holder.pid})`;
      return control.post(CONTROL_PATHS.adminCreate, { email: email.data, password: values.password });
    },
  });
  if (result.status === 'already') console.log(`${email.data} is already an organizer.${via}`);
  else if (result.status === 'promoted') console.log(`${email.data} is now an organizer.${via}`);
  else {
    console.log(`Created organizer ${email.data}.${via}`);
    if (result.generatedPassword) console.log(`Password (shown only now): ${result.generatedPassword}`);
  }
}

class UsageError extends Error {}

main().catch(async (error) => {
  // Refusals the organizer can act on are said plainly; anything else with its stack.
  const plain =
    error instanceof UsageError ||
    error instanceof (await import('../server/env')).EnvError ||
    error instanceof (await import('./cli-database')).CliRefusal;
  console.error(plain ? error.message : error);
  process.exit(1);
});
