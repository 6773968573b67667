import { Wand2 } from 'lucide-react';
import { useId, useState } from 'react';
import { COMPOSE_THEMES, type ComposeTheme, MAX_COMPOSE_COUNT } from '@contracts/admin-challenges.rules';
import { cn } from '@web/lib/cn';
import { Button } from '@web/ui/button';
import { Input, Label } from '@web/ui/input';
import { notifyError } from '@web/ui/toast';
import { useComposePrompts } from '../api/pool-check';

/**
 * "Compose prompts": a count and themes; the server composes offline (curated vocabularies, no near-duplicates by the
 * scoring model) and the lines land in the prompts box, where the organizer edits or deletes them before generating.
 */
export function ComposeForm({ onComposed }: { onComposed: (prompts: string[]) => void }) {
  const countId = useId();
  const [count, setCount] = useState('300');
  const [themes, setThemes] = useState<ComposeTheme[]>(['space', 'food', 'animals']);
  const compose = useComposePrompts();
  const number = Number(count);
  const valid = Number.isInteger(number) && number >= 1 && number <= MAX_COMPOSE_COUNT;

  return (
    <form
      aria-labelledby={`${countId}-title`}
      className="flex flex-col gap-3 rounded-xl border border-night-700 bg-night-950/60 p-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (!valid) return;
        compose.mutate(
          { count: number, themes },
          {
            onSuccess: (result) => onComposed(result.prompts),
            onError: (error) => notifyError('Could not compose prompts', error.message),
          },
        );
      }}
    >
      <h3 id={`${countId}-title`} className="font-display text-base font-bold">
        Compose prompts
      </h3>
      <div className="flex flex-wrap items-end gap-3">
        <div className="w-28">
          <Label htmlFor={countId}>How many</Label>
          <Input id={countId} inputMode="numeric" value={count} onChange={(event) => setCount(event.target.value)} aria-invalid={!valid} />
        </div>
        <fieldset className="flex flex-1 flex-col gap-1">
          <legend className="mb-1 text-sm font-medium text-ink">About</legend>
          <div className="flex flex-wrap gap-2">
            {COMPOSE_THEMES.map((theme) => {
              const on = themes.includes(theme);
              return (
                <button
                  key={theme}
                  type="button"
                  aria-pressed={on}
                  onClick={() => setThemes(on ? themes.filter((other) => other !== theme) : [...themes, theme])}
                  className={cn(
                    'min-h-11 rounded-full border px-4 text-sm font-semibold capitalize',
                    on ? 'border-accent bg-accent/20 text-ink' : 'border-night-600 text-muted hover:text-ink',
                  )}
                >
                  {theme}
                </button>
              );
            })}
          </div>
        </fieldset>
      </div>
      <p className="text-xs text-muted">
        Concrete scenes of 4–25 words, composed on the server without any outside service; no two are near-duplicates, nor close to a prompt
        already in the pool. No theme chosen: all of them.
      </p>
      <Button type="submit" variant="secondary" disabled={!valid || compose.isPending} className="self-start">
        <Wand2 className="size-4" aria-hidden />
        {compose.isPending ? 'COMPOSING...' : `COMPOSE ${valid ? number : ''} PROMPTS`}
      </Button>
    </form>
  );
}
