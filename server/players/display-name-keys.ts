/**
 * Keeps profiles.display_name_key in step with displayNameKey (run at start-up; cheap when nothing changed).
 *
 * The key is computed in code, so a change to the look-alike rules (a newly folded blank letter, say) leaves every
 * key stored before it computed by the old rules: an impostor name saved earlier would keep passing. The rules carry a
 * version (DISPLAY_NAME_KEY_VERSION); the database records which version its keys were computed with, and when it
 * differs, every stored key is computed again. Names saved before the key existed (no key) are keyed too.
 *
 * Two names that now share a key look alike on the booth TV: the one already holding the key in the database keeps
 * it (else the older profile), and the other's name is cleared, so that player is asked for a new one before their
 * next game. Each clearing is in the organizers' audit log.
 */
import { asc, eq, isNotNull, isNull, and, sql } from 'drizzle-orm';
import { AUDIT_ACTIONS } from '@contracts/admin.rules';
import { recordAudit } from '../audit/audit.service';
import { announceLeaderboardChange } from '../db/channels';
import type { Db } from '../db/client';
import { isUniqueViolation } from '../db/races';
import { profiles } from '../db/tables/players.tables';
import { deploymentFacts } from '../db/tables/db.tables';
import { DISPLAY_NAME_KEY_VERSION, displayNameKey } from './public-text';

export const DISPLAY_NAME_KEY_FACT = 'display_name_key_version';

/** Who clears a name in the audit log. */
const STARTUP_ACTOR = { id: null, label: 'start-up check (look-alike rules changed)' };

export interface KeyRefresh {
  /** Keys written (names that had none, or whose key the current rules compute differently). */
  rekeyed: number;
  /** Names cleared because they now look like another player's. */
  cleared: number;
}

interface Log {
  warn(details: object, message: string): void;
  info?(details: object, message: string): void;
}

export async function refreshDisplayNameKeys(db: Db, log?: Log): Promise<KeyRefresh> {
  const [fact] = await db.select().from(deploymentFacts).where(eq(deploymentFacts.name, DISPLAY_NAME_KEY_FACT));
  const everyKey = fact?.value !== String(DISPLAY_NAME_KEY_VERSION);
  // Oldest first: when two names that both need a new key collide, the older profile keeps the name.
  const rows = await db
    .select({ id: profiles.id, displayName: profiles.displayName, key: profiles.displayNameKey })
    .from(profiles)
    .where(everyKey ? isNotNull(profiles.displayName) : and(isNotNull(profiles.displayName), isNull(profiles.displayNameKey)))
    .orderBy(asc(profiles.createdAt), asc(profiles.id));
  const result: KeyRefresh = { rekeyed: 0, cleared: 0 };
  for (const row of rows) {
    const key = displayNameKey(row.displayName!);
    if (key === row.key) continue;
    try {
      await db.update(profiles).set({ displayNameKey: key }).where(eq(profiles.id, row.id));
      result.rekeyed++;
    } catch (error) {
      if (!isUniqueViolation(error, 'profiles_display_name_key_unique')) throw error;
      const [holder] = await db
        .select({ id: profiles.id, displayName: profiles.displayName })
        .from(profiles)
        .where(eq(profiles.displayNameKey, key));
      await db.transaction(async (tx) => {
        await tx.update(profiles).set({ displayName: null, displayNameKey: null, updatedAt: sql`now()` }).where(eq(profiles.id, row.id));
        await recordAudit(tx, STARTUP_ACTOR, {
          action: AUDIT_ACTIONS.playerRename,
          targetId: row.id,
          targetLabel: row.displayName,
          details: { from: row.displayName, to: null, looksLike: holder?.displayName ?? null },
        });
      });
      result.cleared++;
      log?.warn(
        { playerId: row.id, name: row.displayName, looksLike: holder?.displayName },
        'display name looks like another player’s under the current look-alike rules: cleared, the player picks a new one',
      );
    }
  }
  if (everyKey) {
    await db
      .insert(deploymentFacts)
      .values({ name: DISPLAY_NAME_KEY_FACT, value: String(DISPLAY_NAME_KEY_VERSION) })
      .onConflictDoUpdate({ target: deploymentFacts.name, set: { value: String(DISPLAY_NAME_KEY_VERSION), updatedAt: sql`now()` } });
  }
  if (result.cleared > 0) await announceLeaderboardChange(db);
  if (result.rekeyed + result.cleared > 0) log?.info?.({ ...result, version: DISPLAY_NAME_KEY_VERSION }, 'display name keys refreshed');
  return result;
}
