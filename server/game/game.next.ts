/** GET /api/game/next: the image the player's next START will show, chosen ahead so the phone downloads it early. */
import { sql } from 'drizzle-orm';
import type { NextChallenge } from '@contracts/game';
import { rowsOf } from '../db/client';
import { FOREIGN_KEY_VIOLATION, retryOnDeadlock, sqlStateOf } from '../db/races';
import { readEventSettings } from '../event/event-settings';
import { imageUrlFor } from '../storage/image-storage';
import { claimableBy, suggestedToOthers } from './game.claims';
import type { GameServiceDeps } from './game.shared';

export function createNextChallenge({ db }: Pick<GameServiceDeps, 'db'>) {
  /**
   * The image the player's next START will hand out (GET /api/game/next), so the phone downloads it before the tap.
   * Chosen on first ask by START's rules, then kept until they START ("sticky": a reload shows the same image, and
   * a player never sees more than one upcoming image). Choosing claims nothing: when someone else's START takes it,
   * or it is disabled or deleted, the next ask chooses again. Null when the event is closed, the player has no
   * display name yet, or nothing is claimable for them.
   */
  async function nextChallenge(userId: string): Promise<NextChallenge | null> {
    const settings = await readEventSettings(db);
    if (!settings.isOpen) return null;
    const claimable = claimableBy(userId, settings.allowPromptReuse);
    for (let round = 0; round < 5; round++) {
      const [seen] = rowsOf<{
        display_name: string | null;
        next_challenge_id: string | null;
        image_key: string | null;
        claimable: boolean;
      }>(
        await db.execute(sql`
        select p.display_name, p.next_challenge_id, c.image_key, coalesce(${claimable}, false) as claimable
        from profiles p left join challenges c on c.id = p.next_challenge_id
        where p.id = ${userId}`),
      );
      if (!seen?.display_name) return null;
      if (seen.next_challenge_id && seen.claimable && seen.image_key) return { imageUrl: imageUrlFor(seen.image_key) };
      // Compare-and-set on the stored value: of concurrent calls for one player exactly one replaces what they all
      // read; the others match no row (Postgres re-checks the condition on the updated row) and read its choice.
      const choose = () =>
        db.execute(sql`
        update profiles set next_challenge_id = (
          select c.id from challenges c where ${claimable}
          order by c.claimed_at is not null, ${suggestedToOthers(userId)}, random() limit 1)
        where id = ${userId} and next_challenge_id is not distinct from ${seen.next_challenge_id}
        returning next_challenge_id`) as unknown as Promise<{ rows: Array<{ next_challenge_id: string | null }> }>;
      let chosen: Array<{ next_challenge_id: string | null }>;
      try {
        ({ rows: chosen } = await retryOnDeadlock(choose));
      } catch (error) {
        // The challenge it picked was deleted meanwhile (foreign key): choose again.
        if (sqlStateOf(error) === FOREIGN_KEY_VIOLATION) continue;
        throw error;
      }
      // Nothing claimable is left for them (the stored value is now null).
      if (chosen.length === 1 && chosen[0].next_challenge_id === null) return null;
    }
    // Only under a storm of concurrent changes: say "nothing yet"; START still works without a suggestion.
    return null;
  }

  return nextChallenge;
}
