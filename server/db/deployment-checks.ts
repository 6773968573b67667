import { createHmac } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from './client';
import { deploymentFacts } from './tables/db.tables';

const SECRET_FACT = 'auth_secret_fingerprint';

/**
 * A fingerprint of BETTER_AUTH_SECRET that says nothing usable about it (an HMAC keyed by the secret over a fixed
 * label): two instances compare fingerprints through the database, never the secret itself.
 */
export function authSecretFingerprint(secret: string): string {
  return createHmac('sha256', secret).update('guess-the-genesis auth secret fingerprint v1').digest('hex').slice(0, 32);
}

export class DeploymentMismatchError extends Error {}

export type SecretCheck = 'recorded' | 'matched' | 'rotated';

/**
 * Instances that sign sessions with different secrets refuse each other's sessions: behind a balancer players are
 * signed out at random. The first instance on a database records the fingerprint of its secret; every later start
 * compares (docs/decisions/036). A mismatch refuses to start, unless `rotate` says the change is on purpose.
 */
export async function checkAuthSecret(db: Db, secret: string, { rotate = false }: { rotate?: boolean } = {}): Promise<SecretCheck> {
  const mine = authSecretFingerprint(secret);
  const inserted = await db.insert(deploymentFacts).values({ name: SECRET_FACT, value: mine }).onConflictDoNothing().returning();
  if (inserted.length > 0) return 'recorded';
  const [stored] = await db.select().from(deploymentFacts).where(eq(deploymentFacts.name, SECRET_FACT));
  if (stored.value === mine) return 'matched';
  if (rotate) {
    await db.update(deploymentFacts).set({ value: mine, updatedAt: sql`now()` }).where(eq(deploymentFacts.name, SECRET_FACT));
    return 'rotated';
  }
  throw new DeploymentMismatchError(
    `BETTER_AUTH_SECRET is not the secret this database's other instances use (its fingerprint ${mine.slice(0, 8)}… differs from the ` +
      `recorded ${stored.value.slice(0, 8)}…, set ${stored.updatedAt.toISOString()}). Instances with different secrets refuse each ` +
      `other's sessions, so players behind a load balancer would be signed out at random. Give every instance the same ` +
      `BETTER_AUTH_SECRET. To change the secret on purpose, stop every instance, then start one with AUTH_SECRET_ROTATE=true ` +
      `(everyone is signed out).`,
  );
}
