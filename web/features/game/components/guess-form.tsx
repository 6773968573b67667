import { Send } from 'lucide-react';
import { useEffect, useId, useRef, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { MAX_GUESS_LENGTH } from '@contracts/game.rules';
import { Button } from '@web/ui/button';
import { Label, Textarea } from '@web/ui/input';
import { WaitingMessage } from './waiting-message';

/** The guess textarea and its submit button; empty or whitespace-only guesses are never sent. */
export function GuessForm({
  guessNumber,
  value,
  onChange,
  onSubmit,
  busy,
  waitingText,
  beside,
}: {
  guessNumber: number;
  value: string;
  onChange: (value: string) => void;
  onSubmit: (guess: string) => void;
  busy: boolean;
  /** The guess waits for the connection: said instead of the waiting message, and on the button. */
  waitingText?: string | null;
  /** Shown beside the field (a thumbnail of the image: on a phone the keyboard hides the image itself). */
  beside?: ReactNode;
}) {
  const fieldId = useId();
  const counterId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  const firstGuessNumber = useRef(guessNumber);
  const canSubmit = value.trim().length > 0 && !busy;

  // Ready for the next guess: put the cursor back (not on touch screens, where the keyboard would cover the page).
  useEffect(() => {
    if (guessNumber !== firstGuessNumber.current && window.matchMedia('(pointer: fine)').matches) fieldRef.current?.focus();
  }, [guessNumber]);

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (canSubmit) onSubmit(value.trim());
  }

  // Enter sends (a prompt is one line); Shift+Enter still makes a new line.
  function handleKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      formRef.current?.requestSubmit();
    }
  }

  return (
    <form ref={formRef} onSubmit={handleSubmit} className="flex flex-col gap-2.5" aria-busy={busy}>
      {/* While scoring, the waiting message takes the label's line: right where the player is looking. */}
      <div aria-live="polite" className={busy ? 'min-h-5' : undefined}>
        {busy && waitingText ? <p className="text-sm font-semibold text-warning">{waitingText}</p> : busy ? <WaitingMessage /> : null}
      </div>
      <div className="flex items-end gap-2.5">
        {beside}
        <div className="min-w-0 flex-1">
          <div className="flex items-baseline justify-between gap-2">
            <Label htmlFor={fieldId} variant="compact">
              What prompt do you think generated this image?
            </Label>
            <span id={counterId} className="shrink-0 text-xs text-muted tabular-nums">
              {value.length}/{MAX_GUESS_LENGTH}
            </span>
          </div>
          <Textarea
            id={fieldId}
            ref={fieldRef}
            value={value}
            onChange={(event) => onChange(event.target.value)}
            onKeyDown={handleKeyDown}
            placeholder="Enter your guess for the AI prompt..."
            maxLength={MAX_GUESS_LENGTH}
            rows={2}
            enterKeyHint="send"
            autoComplete="off"
            aria-describedby={counterId}
            readOnly={busy}
            variant="compact"
          />
        </div>
      </div>
      <Button type="submit" size="lg" className="w-full" disabled={!canSubmit}>
        {busy ? (
          <>
            <span className="size-4 rounded-full border-2 border-white/40 border-t-white motion-safe:animate-spin" aria-hidden />
            {waitingText ? 'WAITING FOR CONNECTION…' : 'PROCESSING...'}
          </>
        ) : (
          <>
            <Send className="size-4" aria-hidden />
            SUBMIT GUESS {guessNumber}
          </>
        )}
      </Button>
    </form>
  );
}
