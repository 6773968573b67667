import { Sparkles } from 'lucide-react';
import { useMemo } from 'react';
import { highlightPrompt, matchedWordCount } from '../prompt-highlight';

/** The original prompt, with the words the player's guesses got right highlighted. */
export function RevealedPrompt({ prompt, guesses }: { prompt: string; guesses: string[] }) {
  const segments = useMemo(() => highlightPrompt(prompt, guesses), [prompt, guesses]);
  const found = matchedWordCount(segments);
  return (
    <div className="rounded-2xl border border-accent/40 bg-night-900/80 p-4">
      <h2 id="original-prompt" className="flex items-center gap-1.5 text-xs font-semibold tracking-wide text-accent uppercase">
        <Sparkles className="size-3.5" aria-hidden />
        The original prompt
      </h2>
      <p className="mt-1.5 text-base leading-relaxed text-ink" data-testid="revealed-prompt">
        “
        {segments.map((segment, index) =>
          segment.matched ? (
            <mark
              key={index}
              data-testid="matched-word"
              className="rounded bg-emerald-400/20 px-0.5 font-semibold text-emerald-200 underline decoration-emerald-300/70 decoration-2 underline-offset-4"
            >
              {segment.text}
            </mark>
          ) : (
            <span key={index}>{segment.text}</span>
          ),
        )}
        ”
      </p>
      <p className="mt-2 text-xs text-muted">
        {found === 0
          ? 'None of your words were in the prompt: the meaning still counts.'
          : `You found ${found} ${found === 1 ? 'word' : 'words'} of the prompt (highlighted).`}
      </p>
    </div>
  );
}
