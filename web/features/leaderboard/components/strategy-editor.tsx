import { Crown } from 'lucide-react';
import { useId, useState } from 'react';
import { MAX_STRATEGY_LENGTH } from '@contracts/leaderboard.rules';
import { Button } from '@web/ui/button';
import { Card, CardDescription, CardTitle } from '@web/ui/card';
import { FieldMessage, Label, Textarea } from '@web/ui/input';
import { notifySuccess } from '@web/ui/toast';
import { useChampion } from '../api/champion-query';
import { useUpdateStrategy } from '../api/update-strategy';

/** Shown only to the current #1 (the server checks again): write or edit the strategy the landing page shows. */
export function StrategyEditor({ rank }: { rank: number | null | undefined }) {
  if (rank !== 1) return null;
  return <StrategyForm />;
}

function StrategyForm() {
  const champion = useChampion();
  const saved = champion.data?.strategy ?? '';
  // null until the player types: the field shows the saved strategy (also once it loads or changes).
  const [draft, setDraft] = useState<string | null>(null);
  const text = draft ?? saved;
  const fieldId = useId();
  const hintId = useId();

  const update = useUpdateStrategy({
    onSuccess: () => {
      setDraft(null);
      notifySuccess('Strategy shared', 'It now appears on the landing page while you hold #1.');
    },
  });
  const trimmed = text.trim();
  const tooLong = text.length > MAX_STRATEGY_LENGTH;
  const canSave = trimmed.length > 0 && !tooLong && trimmed !== saved && !update.isPending;

  return (
    <Card tone="glow" aria-labelledby={`${fieldId}-title`}>
      <div className="flex items-center gap-2">
        <Crown className="size-5 text-glow" aria-hidden />
        <CardTitle id={`${fieldId}-title`}>You're #1 — share your strategy</CardTitle>
      </div>
      <CardDescription>
        Only the top scorer can reveal a winning strategy. It shows on the landing page while you hold the top spot.
      </CardDescription>
      <form
        className="mt-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (canSave) update.mutate({ strategy: trimmed });
        }}
      >
        <Label htmlFor={fieldId}>Your winning strategy</Label>
        <Textarea
          id={fieldId}
          value={text}
          maxLength={MAX_STRATEGY_LENGTH}
          aria-describedby={hintId}
          aria-invalid={update.isError || tooLong}
          placeholder="e.g. Name the main subject first, then the art style and the lighting."
          onChange={(event) => setDraft(event.target.value.replace(/\n/g, ' '))}
        />
        <div className="flex items-start justify-between gap-3">
          {update.isError ? (
            <FieldMessage error id={hintId}>
              {update.error.message}
            </FieldMessage>
          ) : (
            <FieldMessage id={hintId}>Plain text, shown publicly.</FieldMessage>
          )}
          <FieldMessage className="shrink-0 tabular-nums">
            {text.length}/{MAX_STRATEGY_LENGTH}
          </FieldMessage>
        </div>
        <Button type="submit" className="mt-3 w-full" disabled={!canSave} aria-busy={update.isPending}>
          {update.isPending ? 'SAVING...' : saved ? 'UPDATE STRATEGY' : 'SHARE STRATEGY'}
        </Button>
      </form>
    </Card>
  );
}
