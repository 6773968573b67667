/** The player's display name (shown on the public board) and optional phone number. */
import { and, eq, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Profile, ProfileInput } from '@contracts/game';
import { announceLeaderboardChange } from '../db/channels';
import type { Db } from '../db/client';
import { user } from '../db/tables/auth.tables';
import { profiles } from '../db/tables/game.tables';
import { displayNameProblem, generateDisplayName, suggestedDisplayName } from './display-name';
import { gameErrors } from './game.errors';

export function createProfileService({ db, log }: { db: Db; log?: FastifyBaseLogger }) {
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
    const displayName = input.displayName.trim();
    const problem = displayNameProblem(displayName);
    if (problem) throw gameErrors.nameRefused(problem);
    // An empty phone field keeps what was saved before (SPEC 5: saved only if non-empty).
    const phoneNumber = input.phoneNumber?.trim() || undefined;
    await db
      .insert(profiles)
      .values({ id: userId, displayName, phoneNumber: phoneNumber ?? null })
      .onConflictDoUpdate({
        target: profiles.id,
        set: { displayName, ...(phoneNumber ? { phoneNumber } : {}), updatedAt: sql`now()` },
      });
    await announceLeaderboardChange(db, log);
    return getProfile(userId);
  }

  /** A fresh fun name that no other player uses (a few tries; a clash is harmless if all are taken). */
  async function generateName(userId: string): Promise<string> {
    let name = generateDisplayName();
    for (let tries = 0; tries < 5; tries++) {
      const [taken] = await db
        .select({ id: profiles.id })
        .from(profiles)
        .where(and(sql`lower(${profiles.displayName}) = lower(${name})`, ne(profiles.id, userId)))
        .limit(1);
      if (!taken) break;
      name = generateDisplayName();
    }
    return name;
  }

  return { getProfile, saveProfile, generateName };
}

export type ProfileService = ReturnType<typeof createProfileService>;
