// `npm run admin:create -- <email> [--password <password>]`: makes <email> an organizer (who may open /admin).
// An existing account is promoted. Otherwise an account is created through better-auth (so the password is hashed
// exactly as at sign-up), marked verified, and its password (random unless given) is printed once.
// Uses the server's own configuration: DATA_DIR (PGlite) or DATABASE_URL, read from the environment.
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { createAuth, MIN_PASSWORD_LENGTH } from '../server/auth/auth';
import { resolveAuthSecret } from '../server/auth/auth-secret';
import { openConfiguredDatabase } from '../server/db/client';
import { user } from '../server/db/tables/auth.tables';
import { EnvError, loadEnv } from '../server/env';

const usage = 'Usage: npm run admin:create -- <email> [--password <password>]';

async function main() {
  const { positionals, values } = parseArgs({ allowPositionals: true, options: { password: { type: 'string' } } });
  const email = z.string().trim().toLowerCase().email().safeParse(positionals[0]);
  if (positionals.length !== 1 || !email.success) throw new UsageError(`${positionals[0] ? `Not an e-mail address: ${positionals[0]}\n` : ''}${usage}`);
  if (values.password !== undefined && values.password.length < MIN_PASSWORD_LENGTH) {
    throw new UsageError(`The password must be at least ${MIN_PASSWORD_LENGTH} characters.`);
  }

  const env = loadEnv();
  const database = await openConfiguredDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.dataDir });
  try {
    const { db } = database;
    const [existing] = await db.select({ id: user.id, role: user.role }).from(user).where(eq(user.email, email.data));
    if (existing) {
      await db.update(user).set({ role: 'organizer', updatedAt: new Date() }).where(eq(user.id, existing.id));
      console.log(existing.role === 'organizer' ? `${email.data} is already an organizer.` : `${email.data} is now an organizer.`);
      return;
    }

    const password = values.password ?? randomBytes(12).toString('base64url');
    const auth = createAuth({
      db,
      // The organizer needs no verification mail: the account is marked verified below.
      mailer: { mode: 'capture', send: async () => undefined },
      secret: resolveAuthSecret(env.BETTER_AUTH_SECRET, env.dataDir),
      publicUrl: env.publicUrl,
      // Called in-process, never from a browser.
      allowedOrigins: [env.publicUrl],
      production: env.NODE_ENV === 'production',
      rateLimit: false,
    });
    const created = await auth.api.signUpEmail({ body: { email: email.data, password, name: '' } });
    await db.update(user).set({ role: 'organizer', emailVerified: true, updatedAt: new Date() }).where(eq(user.id, created.user.id));
    console.log(`Created organizer ${email.data}.`);
    if (!values.password) console.log(`Password (shown only now): ${password}`);
  } finally {
    await database.close();
  }
}

class UsageError extends Error {}

main().catch((error) => {
  console.error(error instanceof UsageError || error instanceof EnvError ? error.message : error);
  process.exit(1);
});
