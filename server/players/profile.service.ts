/** The player's display name (shown on the public board) and optional phone number. */
import { and, eq, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Profile, ProfileInput } from '@contracts/game';
import { announceLeaderboardChange } from '../db/channels';
import { rowsOf, type Db } from '../db/client';
import { user } from '../db/tables/auth.tables';
import { profiles } from '../db/tables/players.tables';
import { generateDisplayName, suggestedDisplayName } from './display-name';
import { createModerationService } from './moderation.service';
import { displayNameKey } from './public-text';
import { isUniqueViolation } from '../db/races';
import { playerErrors } from './players.errors';

export const NAME_TAKEN_MESSAGE = 'That display name is already taken (or looks just like one that is). Please choose another.';

export function createProfileService({ db, log }: { db: Db; log?: FastifyBaseLogger }) {
  const moderation = createModerationService({ db });

  async function getProfile(userId: string): Promise<Profile> {
    const [row] = await db
      .select({ name: user.name, displayName: profiles.displayName, phoneNumber: profiles.phoneNumber })
      .from(user)
      .leftJoin(profiles, eq(profiles.id, user.id))
      .where(eq(user.id, userId));
    return {
      displayName: row?.displayName ?? null,
      phoneNumber: row?.phoneNumber ?? null,
      suggestedName: suggestedDisplayName(row?.name),
    };
  }

  async function saveProfile(userId: string, input: ProfileInput): Promise<Profile> {
    const displayName = input.displayName.normalize('NFKC').trim();
    const problem = await moderation.displayNameProblem(displayName);
    if (problem) throw playerErrors.nameRefused(problem);
    // Unique in the database on the look-alike key: two players saving the same name at once cannot both win.
    const key = displayNameKey(displayName);
    // An empty phone field keeps what was saved before (a phone number is saved only if non-empty).
    const phoneNumber = input.phoneNumber?.trim() || undefined;
    const write = () =>
      db
        .insert(profiles)
        .values({ id: userId, displayName, displayNameKey: key, phoneNumber: phoneNumber ?? null })
        .onConflictDoUpdate({
          target: profiles.id,
          set: { displayName, displayNameKey: key, ...(phoneNumber ? { phoneNumber } : {}), updatedAt: sql`now()` },
        });
    try {
      await write();
    } catch (error) {
      if (!isUniqueViolation(error, 'profiles_display_name_key_unique')) throw error;
      // An account nobody has confirmed holds no name against a confirmed player: it loses it (and is asked for
      // another before its next game), so a throwaway sign-up cannot squat a name for the day it lives.
      if (!(await releaseNameFromUnconfirmed(key, userId))) throw playerErrors.nameRefused(NAME_TAKEN_MESSAGE);
      try {
        await write();
      } catch (again) {
        if (isUniqueViolation(again, 'profiles_display_name_key_unique')) throw playerErrors.nameRefused(NAME_TAKEN_MESSAGE);
        throw again;
      }
    }
    await announceLeaderboardChange(db, log);
    return getProfile(userId);
  }

  /** Takes the name with this key from an unconfirmed account, if a confirmed player asks for it; whether it did. */
  async function releaseNameFromUnconfirmed(key: string, askerId: string): Promise<boolean> {
    const released = await db.execute(sql`
      update ${profiles} as p set display_name = null, display_name_key = null, updated_at = now()
      from ${user} as holder, ${user} as asker
      where p.display_name_key = ${key} and p.id <> ${askerId}
        and holder.id = p.id and holder.email_verified = false
        and asker.id = ${askerId} and asker.email_verified = true
      returning p.id`);
    return rowsOf(released).length > 0;
  }

  /** A fresh fun name that no other player uses (a few tries; a clash is harmless if all are taken). */
  async function generateName(userId: string): Promise<string> {
    let name = generateDisplayName();
    for (let tries = 0; tries < 5; tries++) {
      const [taken] = await db
        .select({ id: profiles.id })
        .from(profiles)
        .where(and(eq(profiles.displayNameKey, displayNameKey(name)), ne(profiles.id, userId)))
        .limit(1);
      if (!taken) break;
      name = generateDisplayName();
    }
    return name;
  }

  return { getProfile, saveProfile, generateName };
}

export type ProfileService = ReturnType<typeof createProfileService>;
