/** What an organizer does to players: list, rename, hide, delete. Every change is audited and reaches the live boards. */
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AdminPlayer, AdminPlayersQuery, AdminPlayersResponse, AdminPlayerUpdate } from '@contracts/admin-players';
import { adminErrorCodes, AUDIT_ACTIONS } from '@contracts/admin.rules';
import { gameErrorCodes } from '@contracts/game.rules';
import { recordAudit, type AuditActor } from '../audit/audit.service';
import { announceLeaderboardChange } from '../db/channels';
import type { Db } from '../db/client';
import { user } from '../db/tables/auth.tables';
import { profiles } from '../db/tables/players.tables';
import { HttpError } from '../http/http-error';
import { isUniqueViolation } from '../db/races';
import { createModerationService } from './moderation.service';
import { forgetPlayerEverywhere } from './player-deletion';
import { displayNameKey } from './public-text';
import { selectPlayers } from './players.admin.queries';

const notFound = () => new HttpError(404, adminErrorCodes.playerNotFound, 'No such player (maybe already deleted).');

export function createPlayersAdminService({ db, log }: { db: Db; log?: FastifyBaseLogger }) {
  const moderation = createModerationService({ db });
  async function getPlayer(id: string): Promise<AdminPlayer> {
    const { players } = await selectPlayers(db, { id, sort: 'signedUpAt', dir: 'desc', page: 1, pageSize: 1 });
    if (!players[0]) throw notFound();
    return players[0];
  }

  return {
    async list(query: AdminPlayersQuery): Promise<AdminPlayersResponse> {
      const { players, total } = await selectPlayers(db, query);
      return { players, total, page: query.page, pageSize: query.pageSize };
    },

    getPlayer,

    async update(actor: AuditActor, id: string, change: AdminPlayerUpdate): Promise<AdminPlayer> {
      const before = await getPlayer(id);
      const displayName = change.displayName?.normalize('NFKC').trim();
      if (displayName !== undefined) {
        // The same rules (word list, the organizer's blocklist, look-alikes) as a player's own name.
        const problem = await moderation.displayNameProblem(displayName);
        if (problem) throw new HttpError(400, gameErrorCodes.nameRefused, problem);
      }
      const label = before.displayName ?? before.email;
      await db
        .transaction(async (tx) => {
          const set = {
            ...(displayName !== undefined ? { displayName, displayNameKey: displayNameKey(displayName) } : {}),
            ...(change.hidden !== undefined ? { hidden: change.hidden } : {}),
          };
          await tx
            .insert(profiles)
            .values({ id, ...set })
            .onConflictDoUpdate({ target: profiles.id, set: { ...set, updatedAt: sql`now()` } });
          if (displayName !== undefined && displayName !== before.displayName) {
            await recordAudit(tx, actor, {
              action: AUDIT_ACTIONS.playerRename,
              targetId: id,
              targetLabel: label,
              details: { from: before.displayName, to: displayName },
            });
          }
          if (change.hidden !== undefined && change.hidden !== before.hidden) {
            await recordAudit(tx, actor, {
              action: change.hidden ? AUDIT_ACTIONS.playerHide : AUDIT_ACTIONS.playerUnhide,
              targetId: id,
              targetLabel: displayName ?? label,
            });
          }
        })
        .catch((error) => {
          // Unique on the look-alike key: an organizer cannot give one player another's name either.
          if (isUniqueViolation(error, 'profiles_display_name_key_unique')) {
            throw new HttpError(409, gameErrorCodes.nameRefused, 'That display name is already taken (or looks just like one that is).');
          }
          throw error;
        });
      // Every open /leaderboard and /booth (on every instance) re-reads the board.
      await announceLeaderboardChange(db, log);
      return getPlayer(id);
    },

    async remove(actor: AuditActor, id: string): Promise<void> {
      if (actor.id === id)
        throw new HttpError(400, adminErrorCodes.cannotDeleteYourself, 'You cannot delete your own organizer account here.');
      const [exists] = await db.select({ id: user.id }).from(user).where(eq(user.id, id));
      if (!exists) throw notFound();
      const deleted = await forgetPlayerEverywhere(db, id);
      if (!deleted) throw notFound();
      // Logged without the player's personal data: their id names nobody once the account is gone.
      await recordAudit(db, actor, { action: AUDIT_ACTIONS.playerDelete, targetId: id });
      await announceLeaderboardChange(db, log);
    },
  };
}

export type PlayersAdminService = ReturnType<typeof createPlayersAdminService>;
