import { useState } from 'react';
import type { Attempt, GuessResponse } from '@contracts/game';
import { gameErrorCodes, GUESSES_PER_CHALLENGE } from '@contracts/game.rules';
import { ApiRequestError } from '@web/lib/api-client';
import { notifyError, notifySuccess } from '@web/ui/toast';
import { useSubmitGuess } from '../api/submit-guess';
import { ChallengeImage } from './challenge-image';
import { GuessForm } from './guess-form';
import { GuessList } from './guess-list';

const outOfSyncCodes = new Set<string>([gameErrorCodes.slotTaken, gameErrorCodes.attemptComplete]);

/** Game view, guessing state: the image, the guess input and, from guess 2 on, the earlier guesses. */
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
  const guessNumber = attempt.nextGuessNumber ?? GUESSES_PER_CHALLENGE;
  const submitGuess = useSubmitGuess({
    onSuccess: (response) => {
      setDraft('');
      notifySuccess(response.message, `Guess ${response.guessNumber} of ${GUESSES_PER_CHALLENGE}`);
      onGuessed(response);
    },
  });

  return (
    <div className="flex flex-col gap-5">
      <header>
        <h1 tabIndex={-1} className="font-display text-2xl font-bold leading-tight">
          Guess the Prompt - Attempt {guessNumber} of {GUESSES_PER_CHALLENGE}
        </h1>
        <p className="mt-1.5 text-sm text-muted">
          Each guess scores 0–100% for how close its meaning is to the secret prompt; your best of {GUESSES_PER_CHALLENGE} counts.
        </p>
        <p className="mt-1 text-xs text-muted">Describe the picture: keyword lists lose points for words not in the prompt.</p>
      </header>

      <ChallengeImage src={attempt.imageUrl} alt="The AI-generated image to guess the prompt of" priority />

      <GuessForm
        guessNumber={guessNumber}
        value={draft}
        onChange={setDraft}
        busy={submitGuess.isPending}
        onSubmit={(guess) =>
          submitGuess.mutate(
            { attemptId: attempt.id, guess, guessNumber },
            {
              onError: (error) => {
                notifyError('Error submitting guess', error.message);
                if (error instanceof ApiRequestError && outOfSyncCodes.has(error.code)) onOutOfSync();
              },
            },
          )
        }
      />

      {attempt.guesses.length > 0 ? (
        <section aria-labelledby="previous-guesses">
          <h2 id="previous-guesses" className="mb-2 text-sm font-semibold tracking-wide text-muted uppercase">
            Your previous guesses
          </h2>
          <GuessList guesses={attempt.guesses} />
        </section>
      ) : null}
    </div>
  );
}
