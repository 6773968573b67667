/**
 * The starter pack shipped in the repo (packs/starter: 24 images with their prompts, sources and licences), so that a
 * fresh clone plays out of the box. It is imported on a start with an empty pool when no CHALLENGE_PACK is given and
 * STARTER_PACK is not false, and never again once an organizer retired it. Its challenges are known by their source.
 * Its prompts are public, so its challenges are practice (challenges.practice): scored for the player, never on the
 * board or for a prize unless the organizer counts practice (docs/decisions/050).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { and, count, eq, isNull, like, sql } from 'drizzle-orm';
import { AUDIT_ACTIONS } from '@contracts/admin.rules';
import { recordAudit, type AuditActor } from '../audit/audit.service';
import type { Db } from '../db/client';
import { retryOnDeadlock } from '../db/races';
import { auditLog } from '../db/tables/audit.tables';
import { attempts } from '../db/tables/game.tables';
import { challenges } from '../db/tables/challenges.tables';
import type { ImageStorage } from '../storage/image-storage';
import { importChallengePack, type ImportDeps, type ImportSummary } from './challenges-import.service';

/** Pack name given to the import: its challenges' source is `starter pack (built in):images/NNN.webp`. */
export const STARTER_PACK_NAME = 'starter pack (built in)';
const STARTER_SOURCE_PATTERN = `${STARTER_PACK_NAME}:%`;
export const STARTUP_ACTOR: AuditActor = { id: null, label: 'server start-up' };

/** packs/starter in the repo, found from this file in the source tree and in the server bundle (dist/server) alike. */
export function findStarterPackDir(from = import.meta.dirname): string | undefined {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'packs', 'starter');
    if (existsSync(path.join(candidate, 'manifest.json'))) return candidate;
    if (path.dirname(dir) === dir) return undefined;
  }
}

const isStarter = like(challenges.source, STARTER_SOURCE_PATTERN);
const unplayed = and(
  isStarter,
  isNull(challenges.claimedAt),
  sql`not exists (select 1 from ${attempts} where ${attempts.challengeId} = ${challenges.id})`,
);

/**
 * Imports the starter pack when the pool is empty and no organizer ever removed it. Returns the import's summary, or
 * null when nothing was imported.
 */
export async function importStarterPackIfFresh(deps: ImportDeps, packDir: string): Promise<ImportSummary | null> {
  const [{ n: pool }] = await deps.db.select({ n: count() }).from(challenges);
  if (Number(pool) > 0) return null;
  const [{ n: removals }] = await deps.db.select({ n: count() }).from(auditLog).where(eq(auditLog.action, AUDIT_ACTIONS.starterPackRemove));
  if (Number(removals) > 0) return null;
  const summary = await importChallengePack(deps, packDir, { packName: STARTER_PACK_NAME });
  await deps.db.update(challenges).set({ practice: true }).where(isStarter);
  await recordAudit(deps.db, STARTUP_ACTOR, { action: AUDIT_ACTIONS.starterPackImport, details: { ...summary } });
  return summary;
}

/** All starter challenges, those still handed out (not retired: retiring disables them) and those nobody has got. */
export async function starterPackCounts(db: Db): Promise<{ total: number; active: number; unplayed: number }> {
  const [row] = await db
    .select({
      total: count(),
      active: sql<number>`count(*) filter (where not ${challenges.disabled})::int`,
      unplayed: sql<number>`count(*) filter (where ${unplayed})::int`,
    })
    .from(challenges)
    .where(isStarter);
  return { total: Number(row.total), active: Number(row.active), unplayed: Number(row.unplayed) };
}

/**
 * Retires the starter pack: every starter challenge nobody has got is deleted (with its image), every played one is
 * disabled, so that no start hands it out again, with prompt reuse or without, while its players keep their history.
 */
export async function removeStarterPack(
  deps: { db: Db; storage: ImageStorage },
  actor: AuditActor,
): Promise<{ removed: number; retired: number }> {
  const { db, storage } = deps;
  // Same order of locks as deleting one challenge (see challenges-pool.service.ts): retried if PostgreSQL picks us.
  const deleted = await retryOnDeadlock(() =>
    db.delete(challenges).where(unplayed).returning({ id: challenges.id, imageKey: challenges.imageKey }),
  );
  await Promise.all(deleted.map((row) => storage.delete(row.imageKey)));
  const retired = await retryOnDeadlock(() =>
    db
      .update(challenges)
      .set({ disabled: true })
      .where(and(isStarter, eq(challenges.disabled, false)))
      .returning({ id: challenges.id }),
  );
  const { total: kept } = await starterPackCounts(db);
  await recordAudit(db, actor, {
    action: AUDIT_ACTIONS.starterPackRemove,
    details: { removed: deleted.length, retired: retired.length, kept },
  });
  return { removed: deleted.length, retired: retired.length };
}
