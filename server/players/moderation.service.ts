/** Moderation with the organizer's blocklist from the database: read on every check, so a change applies at once on every instance. */
import { asc, isNotNull, or } from 'drizzle-orm';
import type { ModerationMatch } from '@contracts/admin-moderation';
import type { Db } from '../db/client';
import { profiles } from '../db/tables/players.tables';
import { moderationTerms } from '../db/tables/players.tables';
import { displayNameProblem } from './display-name';
import { compileTerm, publicTextProblem, type CompiledTerm, type PublicTextProblem } from './public-text';

export function createModerationService({ db }: { db: Db }) {
  async function terms(): Promise<string[]> {
    const rows = await db.select({ term: moderationTerms.term }).from(moderationTerms).orderBy(asc(moderationTerms.term));
    return rows.map((row) => row.term);
  }

  async function compiledBlocklist(): Promise<CompiledTerm[]> {
    return (await terms()).map(compileTerm).filter((term): term is CompiledTerm => term !== null);
  }

  return {
    terms,
    /** Why public text (the champion's strategy) must be refused, or null. */
    async publicTextProblem(text: string): Promise<PublicTextProblem | null> {
      return publicTextProblem(text, await compiledBlocklist());
    },
    /** The message a player sees for a refused display name, or null. */
    async displayNameProblem(name: string): Promise<string | null> {
      return displayNameProblem(name, await compiledBlocklist());
    },
    /** Replaces the organizer's list (one transaction: a concurrent reader sees the old or the new list). */
    async setTerms(input: string[]): Promise<string[]> {
      const unique = [...new Set(input.map((term) => term.trim().toLowerCase()).filter(Boolean))];
      await db.transaction(async (tx) => {
        await tx.delete(moderationTerms);
        if (unique.length > 0) await tx.insert(moderationTerms).values(unique.map((term) => ({ term })));
      });
      return terms();
    },
    /** Display names and strategies already on the board that the lists refuse now, for the organizer to review. */
    async matches(): Promise<{ matches: ModerationMatch[]; scanned: number }> {
      const blocklist = await compiledBlocklist();
      const rows = await db
        .select({ id: profiles.id, displayName: profiles.displayName, strategy: profiles.strategy, hidden: profiles.hidden })
        .from(profiles)
        .where(or(isNotNull(profiles.displayName), isNotNull(profiles.strategy)));
      const matches: ModerationMatch[] = [];
      for (const row of rows) {
        for (const field of ['displayName', 'strategy'] as const) {
          const text = row[field];
          const reason = text ? publicTextProblem(text, blocklist) : null;
          if (text && reason) matches.push({ playerId: row.id, displayName: row.displayName, field, text, reason, hidden: row.hidden });
        }
      }
      return { matches, scanned: rows.length };
    },
  };
}

export type ModerationService = ReturnType<typeof createModerationService>;
