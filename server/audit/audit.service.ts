/** The organizers' audit log: every organizer action is recorded here, and listed newest first. */
import { count, desc, eq, sql } from 'drizzle-orm';
import type { AuditEntry, AuditResponse } from '@contracts/admin-audit';
import type { AuditAction } from '@contracts/admin.rules';
import type { Db } from '../db/client';
import { auditLog } from '../db/tables/audit.tables';

/** Who did it: a signed-in organizer, or a command-line tool run through the server. */
export interface AuditActor {
  id: string | null;
  label: string;
}

export const COMMAND_LINE_ACTOR: AuditActor = { id: null, label: 'command line' };

export interface AuditRecord {
  action: AuditAction;
  targetId?: string | null;
  targetLabel?: string | null;
  details?: Record<string, unknown>;
}

/** Anything that can run a statement: the db or a transaction. */
type Executor = Pick<Db, 'insert' | 'update'>;

export async function recordAudit(db: Executor, actor: AuditActor, record: AuditRecord): Promise<void> {
  await db.insert(auditLog).values({
    actorId: actor.id,
    actorLabel: actor.label,
    action: record.action,
    targetId: record.targetId ?? null,
    targetLabel: record.targetLabel ?? null,
    details: record.details ?? {},
  });
}

/**
 * A deleted player's personal data leaves the log too: rows about them keep the action and their (meaningless) id,
 * rows by them (an organizer) lose the e-mail.
 */
export async function forgetInAudit(db: Executor, userId: string): Promise<void> {
  await db.update(auditLog).set({ targetLabel: null, details: sql`'{"redacted": true}'::jsonb` }).where(eq(auditLog.targetId, userId));
  await db.update(auditLog).set({ actorLabel: null }).where(eq(auditLog.actorId, userId));
}

export async function listAudit(db: Db, page: number, pageSize: number): Promise<AuditResponse> {
  const rows = await db
    .select()
    .from(auditLog)
    .orderBy(desc(auditLog.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [{ total }] = await db.select({ total: count() }).from(auditLog);
  const entries: AuditEntry[] = rows.map((row) => ({
    id: row.id,
    at: row.at.toISOString(),
    actor: row.actorLabel,
    action: row.action,
    targetId: row.targetId,
    targetLabel: row.targetLabel,
    details: row.details ?? {},
  }));
  return { entries, total: Number(total), page, pageSize };
}

/** The signed-in organizer of a request that passed requireOrganizer. */
export const organizerActor = (request: { session: { user: { id: string; email: string } } | null }): AuditActor => ({
  id: request.session!.user.id,
  label: request.session!.user.email,
});
