/**
 * Deleting a player and everything about them (privacy promise: "can be removed on request"). Each capability that
 * keeps per-player rows adds one forgetter to `playerForgetters`; they all run in one transaction, before the user
 * row goes (its cascade removes sessions, linked accounts, the profile and the attempts).
 */
import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import { forgetInAudit } from '../audit/audit.service';
import type { Db } from '../db/client';
import { rateLimit, user, verification } from '../db/tables/auth.tables';
import { capturedMail, mailOutbox } from '../db/tables/mail.tables';
import { leaderboardArchives } from '../db/tables/leaderboard.tables';
import { forgetRateLimitsFor } from '../limits/limits.store';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface ForgottenPlayer {
  id: string;
  email: string;
}

export type PlayerForgetter = (tx: Tx, player: ForgottenPlayer) => Promise<void>;

/**
 * Per-player rows outside the user row's cascade. MERGE POINT: other capabilities add theirs here (e.g. database
 * rate-limit buckets keyed on the account or session, moderation reviews, generation jobs).
 */
export const playerForgetters: Record<string, PlayerForgetter> = {
  /** Reset-password and verification tokens: better-auth keys them on the e-mail or stores the user id as value. */
  async verificationTokens(tx, player) {
    await tx
      .delete(verification)
      .where(
        or(
          eq(verification.value, player.id),
          eq(verification.identifier, player.email),
          sql`strpos(${verification.identifier}, ${player.email}) > 0`,
        ),
      );
  },
  /** Mails captured in development (the /dev/mail viewer). */
  async capturedMails(tx, player) {
    await tx.delete(capturedMail).where(sql`lower(${capturedMail.to}) = lower(${player.email})`);
  },
  /** Rate-limit rows keyed on the account (id or e-mail) rather than on an address. */
  async rateLimitRows(tx, player) {
    await tx
      .delete(rateLimit)
      .where(or(sql`strpos(${rateLimit.key}, ${player.id}) > 0`, sql`strpos(lower(${rateLimit.key}), lower(${player.email})) > 0`));
  },
  /** Mail still waiting in the outbox for them (it would otherwise go out after the deletion). */
  async queuedMails(tx, player) {
    await tx.delete(mailOutbox).where(sql`lower(${mailOutbox.to}) = lower(${player.email})`);
  },
  /** The database rate-limit counters keyed on their account or e-mail (server/limits). */
  async limitCounters(tx, player) {
    await forgetRateLimitsFor(tx as unknown as Db, { userId: player.id, email: player.email });
  },
  /** Their rows in archived boards (name and score); the other rows keep their archived rank. */
  async archivedBoards(tx, player) {
    await tx.execute(sql`
      update ${leaderboardArchives} set
        entries = coalesce((select jsonb_agg(e order by (e->>'rank')::int) from jsonb_array_elements(entries) e where e->>'userId' <> ${player.id}), '[]'::jsonb),
        entry_count = (select count(*) from jsonb_array_elements(entries) e where e->>'userId' <> ${player.id})
      where entries @> ${JSON.stringify([{ userId: player.id }])}::jsonb`);
  },
  /** The audit log keeps what was done, not to whom by name. */
  async auditLabels(tx, player) {
    await forgetInAudit(tx, player.id);
  },
};

/**
 * Removes the player and every row about them; false when there was no such player (or `onlyIf`, checked under the
 * row's lock, no longer holds).
 */
export async function forgetPlayerEverywhere(db: Db, userId: string, onlyIf?: SQL): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [player] = await tx
      .select({ id: user.id, email: user.email })
      .from(user)
      .where(onlyIf ? and(eq(user.id, userId), onlyIf) : eq(user.id, userId))
      .for('update');
    if (!player) return false;
    for (const forget of Object.values(playerForgetters)) await forget(tx, player);
    await tx.delete(user).where(eq(user.id, userId));
    return true;
  });
}
