/** Fills profiles.display_name_key for names saved before the key existed (run once at start-up, cheap when done). */
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { profiles } from '../db/tables/game.tables';
import { displayNameKey } from './public-text';

export async function backfillDisplayNameKeys(db: Db, log?: { warn(details: object, message: string): void }): Promise<number> {
  let filled = 0;
  for (;;) {
    const rows = await db
      .select({ id: profiles.id, displayName: profiles.displayName })
      .from(profiles)
      .where(and(isNull(profiles.displayNameKey), isNotNull(profiles.displayName)))
      .limit(500);
    let progress = 0;
    for (const row of rows) {
      try {
        await db.update(profiles).set({ displayNameKey: displayNameKey(row.displayName!) }).where(eq(profiles.id, row.id));
        filled++;
        progress++;
      } catch {
        // Two older names that look alike: the first keeps it; the other stays unkeyed until renamed.
        log?.warn({ playerId: row.id }, 'display name looks like another player’s; left without a key');
      }
    }
    if (rows.length < 500 || progress === 0) return filled;
  }
}
