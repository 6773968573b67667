import { useRef, useState } from 'react';
import type { Attempt, GuessResponse } from '@contracts/game';
import { gameErrorCodes, GUESSES_PER_CHALLENGE } from '@contracts/game.rules';
import type { ErrorCode } from '@contracts/errors.rules';
import { ApiRequestError, type ClientErrorCode } from '@web/lib/api-client';
import { waitForServer } from '@web/lib/chunk-recovery';
import { notifyError, useToastFloor } from '@web/ui/toast';
import { useSubmitGuess } from '../api/submit-guess';
import { GuessForm } from './guess-form';
import { CountsNotice } from './counts-notice';
import { GuessList } from './guess-list';
import { GuessReveal, type RevealedGuess } from './guess-reveal';
import { ZoomableImage } from './zoomable-image';

const outOfSyncCodes = new Set<ErrorCode | ClientErrorCode>([gameErrorCodes.slotTaken, gameErrorCodes.attemptComplete]);
/** The scorer answers in tens of milliseconds: the waiting message stays up at least this long, a beat of suspense. */
export const MIN_SCORING_MS = 1200;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
/** A 503 asking to come back later is retried once by itself, after at most this long. */
const MAX_RETRY_AFTER_MS = 10_000;
/**
 * A send with no answer after this long counts as lost (a Wi-Fi that drops mid-request can hold it for minutes): it
 * waits for the connection and goes again, with the same idempotency key. Far above a scored guess on a busy server.
 */
const GUESS_TIMEOUT_MS = 20_000;

/** One send of the guess, given up when the browser goes offline or no answer comes in time (status 0 then). */
async function sendOnce<T>(send: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const giveUp = () => controller.abort();
  const timer = setTimeout(giveUp, GUESS_TIMEOUT_MS);
  window.addEventListener('offline', giveUp);
  try {
    return await send(controller.signal);
  } catch (error) {
    if (controller.signal.aborted) throw new ApiRequestError(0, 'NETWORK', 'Network error — check your connection and try again.');
    throw error;
  } finally {
    clearTimeout(timer);
    window.removeEventListener('offline', giveUp);
  }
}

/** Why a guess is waiting to be sent, said in the composer (not a toast: it stays while it is true). */
type Waiting = 'offline' | 'server' | null;
const waitingTexts: Record<Exclude<Waiting, null>, string> = {
  offline: "You're offline, your guess will be sent when you're back.",
  server: "The game server can't be reached, your guess will be sent when it's back.",
};

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
  const [waiting, setWaiting] = useState<Waiting>(null);
  const guessNumber = attempt.nextGuessNumber ?? GUESSES_PER_CHALLENGE;
  const submitGuess = useSubmitGuess();
  // Toasts (a refused guess) rise above the composer, never over its field or SUBMIT.
  const composer = useRef<HTMLDivElement>(null);
  useToastFloor(composer);

  /**
   * Sends the guess. A 503 with Retry-After (the scorer is busy) is sent again once, by itself. Without a connection
   * the draft stays, the composer says so, and the guess is sent again once the server answers: once, with the same
   * idempotency key (submit-guess.ts), so a first send that was stored but whose answer was lost gets its stored
   * result, and nothing is ever counted twice.
   */
  async function send(guess: string) {
    const once = () => sendOnce((signal) => submitGuess.mutateAsync({ attemptId: attempt.id, guess, guessNumber, signal }));
    const whenBack = async () => {
      setWaiting(navigator.onLine ? 'server' : 'offline');
      await waitForServer();
      setWaiting(null);
      return once();
    };
    // The browser knows it is offline: nothing to try before the connection is back.
    if (!navigator.onLine) return whenBack();
    try {
      return await once();
    } catch (error) {
      if (!(error instanceof ApiRequestError)) throw error;
      if (error.status === 503 && error.retryAfterMs !== null) {
        await wait(Math.min(error.retryAfterMs, MAX_RETRY_AFTER_MS));
        return await once();
      }
      if (!error.unreachable) throw error;
      return whenBack();
    }
  }

  async function submit(guess: string) {
    const started = performance.now();
    setScoring(true);
    try {
      const response = await send(guess);
      await wait(MIN_SCORING_MS - (performance.now() - started));
      setDraft('');
      // The reveal card says it (score, message, "Guess N of 3"): no toast repeats it over the heading.
      const scored = response.attempt.guesses.find((candidate) => candidate.number === response.guessNumber);
      setReveal({ guessNumber: response.guessNumber, score: scored?.score ?? 0, message: response.message });
      onGuessed(response);
    } catch (error) {
      notifyError('Error submitting guess', (error as Error).message);
      if (error instanceof ApiRequestError && outOfSyncCodes.has(error.code)) onOutOfSync();
    } finally {
      setWaiting(null);
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
        <CountsNotice attempt={attempt} className="mt-2" />
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

      <div
        ref={composer}
        data-testid="guess-composer"
        className="sticky bottom-0 z-10 -mx-4 mt-auto flex flex-col gap-3 border-t border-night-800 bg-night-950/95 px-4 pt-3 pb-4 backdrop-blur"
      >
        {reveal && !scoring ? <GuessReveal key={reveal.guessNumber} reveal={reveal} /> : null}
        <GuessForm
          guessNumber={guessNumber}
          value={draft}
          onChange={setDraft}
          busy={scoring}
          waitingText={waiting ? waitingTexts[waiting] : null}
          onSubmit={(guess) => void submit(guess)}
          beside={
            // On a phone the keyboard leaves little of the image in view while typing: a thumbnail that opens it large.
            <ZoomableImage src={attempt.imageUrl} alt="The AI-generated image to guess the prompt of" thumbnail className="sm:hidden" />
          }
        />
      </div>
    </div>
  );
}
