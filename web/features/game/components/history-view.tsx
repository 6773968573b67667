import { ArrowLeft, History } from 'lucide-react';
import { useEffect } from 'react';
import type { Attempt } from '@contracts/game';
import { formatScore } from '@contracts/game.rules';
import { Button } from '@web/ui/button';
import { Card } from '@web/ui/card';
import { Spinner } from '@web/ui/spinner';
import { useAttempts } from '../api/get-attempts';
import { ChallengeImage } from './challenge-image';
import { CountsBadge, CountsNotice } from './counts-notice';
import { GuessList } from './guess-list';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** 'Your Previous Games': the finished games among the 5 newest attempts. */
export function HistoryView({ onBack }: { onBack: () => void }) {
  const attempts = useAttempts();
  const finished = attempts.data?.attempts.filter((attempt) => attempt.finalScore !== null) ?? [];

  useEffect(() => {
    if (attempts.isError) console.error('Could not load the game history', attempts.error);
  }, [attempts.isError, attempts.error]);

  return (
    <div className="flex flex-col gap-5">
      <div>
        <Button variant="ghost-ink" className="-ml-3" onClick={onBack}>
          <ArrowLeft className="size-4" aria-hidden />
          BACK TO MENU
        </Button>
        <h1 tabIndex={-1} className="mt-2 font-display text-2xl font-bold">
          Your Previous Games
        </h1>
        <p className="mt-1 text-sm text-muted">Your finished challenges among your five most recent games.</p>
      </div>

      {attempts.isPending ? (
        <Spinner label="Loading your game history..." className="py-16" />
      ) : attempts.isError ? (
        <Card className="text-center">
          <p className="font-semibold">Your game history could not be loaded.</p>
          <Button variant="secondary" className="mt-4" onClick={() => void attempts.refetch()}>
            Try again
          </Button>
        </Card>
      ) : finished.length === 0 ? (
        <Card className="flex flex-col items-center py-10 text-center">
          <History className="size-10 text-accent" aria-hidden />
          <p className="mt-3 font-display text-lg font-bold">No completed games yet</p>
          <p className="mt-1 text-sm text-muted">Start playing to see your game history here!</p>
        </Card>
      ) : (
        <ol className="flex flex-col gap-5">
          {finished.map((attempt) => (
            <li key={attempt.id}>
              <HistoryEntry attempt={attempt} />
            </li>
          ))}
        </ol>
      )}

      {attempts.isPending ? null : (
        <Button variant="outline" size="lg" className="w-full" onClick={onBack}>
          <ArrowLeft className="size-4" aria-hidden />
          BACK TO MENU
        </Button>
      )}
    </div>
  );
}

function HistoryEntry({ attempt }: { attempt: Attempt }) {
  const playedAt = attempt.completedAt ?? attempt.createdAt;
  return (
    <Card padding="sm" className="flex flex-col gap-4" data-testid="history-entry">
      <div className="flex items-center justify-between gap-3">
        <time dateTime={playedAt} className="text-sm text-muted">
          {dateFormat.format(new Date(playedAt))}
        </time>
        <span className="flex items-center gap-2">
          <CountsBadge attempt={attempt} />
          <span className="rounded-full bg-gradient-to-r from-cta-from to-cta-to px-3 py-1 text-sm font-bold text-white tabular-nums">
            {formatScore(attempt.finalScore ?? 0)}
          </span>
        </span>
      </div>
      <CountsNotice attempt={attempt} />
      <ChallengeImage src={attempt.imageUrl} alt={`The AI-generated image for: ${attempt.prompt ?? ''}`} />
      <div>
        <h2 className="text-xs font-semibold tracking-wide text-accent uppercase">Original prompt</h2>
        <p className="mt-1 leading-snug">“{attempt.prompt}”</p>
      </div>
      <GuessList guesses={attempt.guesses} highlightBest />
    </Card>
  );
}
