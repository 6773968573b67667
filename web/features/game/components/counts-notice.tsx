import { Flag, GraduationCap } from 'lucide-react';
import type { Attempt } from '@contracts/game';
import { PRACTICE_LABEL } from '@contracts/admin-challenges.rules';
import { AFTER_FINAL_WHISTLE_NOTE, LOCKED_PLAY_NOTE, PRACTICE_NOTE } from '@contracts/game.rules';
import { cn } from '@web/lib/cn';

/**
 * Why this game will not count for the board or prizes, when it will not: after the final whistle (the results are
 * locked) or practice (the public starter pack). Nothing when it counts.
 */
export function CountsNotice({ attempt, className }: { attempt: Attempt; className?: string }) {
  if (!attempt.afterFinalWhistle && !attempt.practice) return null;
  const complete = attempt.finalScore !== null;
  const text = attempt.afterFinalWhistle ? (complete ? AFTER_FINAL_WHISTLE_NOTE : LOCKED_PLAY_NOTE) : PRACTICE_NOTE;
  const Icon = attempt.afterFinalWhistle ? Flag : GraduationCap;
  return (
    <p
      data-testid="counts-notice"
      data-reason={attempt.afterFinalWhistle ? 'after-final-whistle' : 'practice'}
      className={cn(
        'flex items-start gap-2 rounded-xl border border-amber-300/40 bg-amber-400/10 px-3 py-2 text-left text-sm text-amber-100',
        className,
      )}
    >
      <Icon className="mt-0.5 size-4 shrink-0 text-amber-300" aria-hidden />
      <span>{text}</span>
    </p>
  );
}

/** "Practice" (or "After the whistle") as a small badge beside a score. */
export function CountsBadge({ attempt }: { attempt: Attempt }) {
  if (!attempt.afterFinalWhistle && !attempt.practice) return null;
  return (
    <span
      data-testid="counts-badge"
      className="rounded-full border border-amber-300/50 bg-amber-400/10 px-2 py-0.5 text-xs font-semibold text-amber-100"
    >
      {attempt.afterFinalWhistle ? 'After the whistle' : PRACTICE_LABEL}
    </span>
  );
}
