/**
 * Makes an e-mail an organizer: an existing account is promoted; otherwise an account is created through
 * better-auth (the password hashed exactly as at sign-up), marked verified, with a random password unless given.
 * Used by `npm run admin:create`, directly or through the running server's control route.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { AUDIT_ACTIONS } from '@contracts/admin.rules';
import { COMMAND_LINE_ACTOR, recordAudit } from '../audit/audit.service';
import type { Db } from '../db/client';
import { user } from '../db/tables/auth.tables';
import { createAuth } from './auth';

export interface OrganizerCreateDeps {
  db: Db;
  secret: string;
  publicUrl: string;
  production: boolean;
}

export type OrganizerCreateResult = { status: 'created'; generatedPassword?: string } | { status: 'promoted' } | { status: 'already' };

export async function createOrganizer(deps: OrganizerCreateDeps, email: string, password?: string): Promise<OrganizerCreateResult> {
  const { db } = deps;
  const [existing] = await db.select({ id: user.id, role: user.role }).from(user).where(eq(user.email, email));
  if (existing) {
    if (existing.role === 'organizer') return { status: 'already' };
    await db.update(user).set({ role: 'organizer', updatedAt: new Date() }).where(eq(user.id, existing.id));
    await recordAudit(db, COMMAND_LINE_ACTOR, {
      action: AUDIT_ACTIONS.organizerCreate,
      targetId: existing.id,
      targetLabel: email,
      details: { promoted: true },
    });
    return { status: 'promoted' };
  }

  const chosen = password ?? randomBytes(12).toString('base64url');
  const auth = createAuth({
    db,
    // The organizer needs no verification mail: the account is marked verified below.
    mailer: { mode: 'capture', send: async () => undefined },
    secret: deps.secret,
    publicUrl: deps.publicUrl,
    // Called in-process, never from a browser.
    allowedOrigins: [deps.publicUrl],
    production: deps.production,
    rateLimit: false,
  });
  const created = await auth.api.signUpEmail({ body: { email, password: chosen, name: '' } });
  await db.update(user).set({ role: 'organizer', emailVerified: true, updatedAt: new Date() }).where(eq(user.id, created.user.id));
  await recordAudit(db, COMMAND_LINE_ACTOR, {
    action: AUDIT_ACTIONS.organizerCreate,
    targetId: created.user.id,
    targetLabel: email,
    details: { promoted: false },
  });
  return password ? { status: 'created' } : { status: 'created', generatedPassword: chosen };
}
