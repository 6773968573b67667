import type { AdminPlayer } from '@contracts/admin-players';
import { PRACTICE_LABEL } from '@contracts/admin-challenges.rules';

/** Beside a player's latest score when it counts for no prize: "Practice" (starter pack) or "After the whistle". */
export function NotCountedLabel({ player }: { player: AdminPlayer }) {
  if (!player.latestNotCounted) return null;
  return (
    <span
      data-testid="not-counted-label"
      className="ml-1.5 rounded-full border border-amber-300/50 px-1.5 py-0.5 text-xs font-semibold text-amber-100"
    >
      {player.latestNotCounted === 'practice' ? PRACTICE_LABEL : 'After the whistle'}
    </span>
  );
}
