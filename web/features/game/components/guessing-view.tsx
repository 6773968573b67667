import { useState } from 'react';
import type { Attempt, GuessResponse } from '@contracts/game';
import { gameErrorCodes, GUESSES_PER_CHALLENGE } from '@contracts/game.rules';
import { ApiRequestError } from '@web/lib/api-client';
import { notifyError, notifySuccess } from '@web/ui/toast';
import { useSubmitGuess } from '../api/submit-guess';
import { GuessForm } from './guess-form';
import { GuessList } from './guess-list';
import { GuessReveal, type RevealedGuess } from './guess-reveal';
import { ZoomableImage } from './zoomable-image';

const outOfSyncCodes = new Set<string>([gameErrorCodes.slotTaken, gameErrorCodes.attemptComplete]);
/** The scorer answers in tens of milliseconds: the waiting message stays up at least this long, a beat of suspense. */
export const MIN_SCORING_MS = 1200;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/**
 * Game view, guessing state: a compact image (tap to enlarge), the earlier guesses, and a composer that sticks to
 * the bottom of the screen with the latest score's reveal right above the input, so the input, SUBMIT and the
 * score are all in view on a small phone.
 */
export function GuessingView({
  attempt,
  onGuessed,
  onOutOfSync,
}: {
  attempt: Attempt;
  onGuessed: (response: GuessResponse) => void;
  /** The server says this slot is taken or the attempt is already complete. */
  onOutOfSync: () => void;
}) {
  const [draft, setDraft] = useState('');
  const [scoring, setScoring] = useState(false);
  const [reveal, setReveal] = useState<RevealedGuess | null>(null);
  const guessNumber = attempt.nextGuessNumber ?? GUESSES_PER_CHALLENGE;
  const submitGuess = useSubmitGuess();

  async function submit(guess: string) {
    const started = performance.now();
    setScoring(true);
    try {
      const response = await submitGuess.mutateAsync({ attemptId: attempt.id, guess, guessNumber });
      await wait(MIN_SCORING_MS - (performance.now() - started));
      setDraft('');
      notifySuccess(response.message, `Guess ${response.guessNumber} of ${GUESSES_PER_CHALLENGE}`);
      const scored = response.attempt.guesses.find((candidate) => candidate.number === response.guessNumber);
      setReveal({ guessNumber: response.guessNumber, score: scored?.score ?? 0, message: response.message });
      onGuessed(response);
    } catch (error) {
      notifyError('Error submitting guess', (error as Error).message);
      if (error instanceof ApiRequestError && outOfSyncCodes.has(error.code)) onOutOfSync();
    } finally {
      setScoring(false);
    }
  }

  return (
    <div className="flex flex-col gap-4">
      <header>
        <h1 tabIndex={-1} className="font-display text-xl font-bold leading-tight">
          Guess the Prompt - Attempt {guessNumber} of {GUESSES_PER_CHALLENGE}
        </h1>
        <p className="mt-1 text-sm text-muted">
          Each guess scores 0–100% for how close its meaning is to the secret prompt; your best of {GUESSES_PER_CHALLENGE} counts.
        </p>
        <p className="mt-1 text-xs text-muted">Describe the picture: keyword lists lose points for words not in the prompt.</p>
      </header>

      <ZoomableImage
        src={attempt.imageUrl}
        alt="The AI-generated image to guess the prompt of"
        className="max-w-[max(11rem,min(100%,calc(100dvh-28rem)))]"
      />

      {attempt.guesses.length > 0 ? (
        <section aria-labelledby="previous-guesses">
          <h2 id="previous-guesses" className="mb-2 text-sm font-semibold tracking-wide text-muted uppercase">
            Your previous guesses
          </h2>
          <GuessList guesses={attempt.guesses} compact />
        </section>
      ) : null}

      <div data-testid="guess-composer" className="sticky bottom-0 z-10 -mx-4 mt-auto flex flex-col gap-3 border-t border-night-800 bg-night-950/95 px-4 pt-3 pb-4 backdrop-blur">
        {reveal && !scoring ? <GuessReveal key={reveal.guessNumber} reveal={reveal} /> : null}
        <GuessForm guessNumber={guessNumber} value={draft} onChange={setDraft} busy={scoring} onSubmit={(guess) => void submit(guess)} />
      </div>
    </div>
  );
}
