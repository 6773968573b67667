import { useState, type FormEvent } from 'react';
import type { ModerationMatch } from '@contracts/admin-moderation';
import { MAX_BLOCKLIST_TERM_LENGTH } from '@contracts/admin-moderation.rules';
import { Button } from '@web/ui/button';
import { Card, CardDescription, CardTitle } from '@web/ui/card';
import { FieldMessage, Input, Label } from '@web/ui/input';
import { notifyError, notifySuccess } from '@web/ui/toast';
import { useBlocklist } from '../api/get-blocklist';
import { useModerationMatches } from '../api/get-matches';
import { useHidePlayer } from '../api/hide-player';
import { useSaveBlocklist } from '../api/save-blocklist';

const reasonLabels: Record<ModerationMatch['reason'], string> = {
  blocked: 'Your blocklist',
  offensive: 'Offensive word list',
  link: 'Contains a link',
  'invisible-characters': 'Invisible characters',
  'no-visible-letters': 'No visible letters',
};

/**
 * The organizer's moderation editor (Players page): the blocklist, applied to new names and strategies at once,
 * and the names and strategies already on the boards that the lists flag, each with a way to hide the player.
 */
export function ModerationPanel() {
  const blocklist = useBlocklist();
  const terms = blocklist.data?.terms ?? [];
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const save = useSaveBlocklist();

  function saveTerms(next: string[], done: string) {
    save.mutate(next, {
      onSuccess: () => notifySuccess('Blocklist saved', done),
      onError: (failure) => notifyError('Blocklist not saved', failure.message),
    });
  }

  function addTerm(event: FormEvent) {
    event.preventDefault();
    const term = draft.trim().toLowerCase();
    if (!term) return setError('Type a word or a name to block.');
    if (term.length > MAX_BLOCKLIST_TERM_LENGTH) return setError(`Keep it to ${MAX_BLOCKLIST_TERM_LENGTH} characters.`);
    if (terms.includes(term)) return setError('That term is already on the list.');
    setError(null);
    setDraft('');
    saveTerms([...terms, term], `"${term}" is refused in new names and strategies from now on.`);
  }

  return (
    <Card aria-labelledby="moderation-title" className="flex flex-col gap-5">
      <div>
        <CardTitle id="moderation-title">Moderation</CardTitle>
        <CardDescription>
          Names and winning strategies on public screens are checked against a maintained word list, look-alike letters, links and your
          blocklist. Players never see the list; a refused name only says it is not allowed.
        </CardDescription>
      </div>

      <form onSubmit={addTerm} className="flex flex-col gap-2 sm:flex-row sm:items-end" noValidate>
        <div className="flex-1">
          <Label htmlFor="blocklist-term">Block a word or name</Label>
          <Input
            id="blocklist-term"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            placeholder="e.g. a rival's brand"
            maxLength={MAX_BLOCKLIST_TERM_LENGTH + 10}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'blocklist-term-error' : undefined}
          />
        </div>
        <Button type="submit" disabled={save.isPending || blocklist.isLoading} className="sm:h-12 sm:w-32">
          {save.isPending ? 'Saving…' : 'Add'}
        </Button>
      </form>
      {error && (
        <FieldMessage id="blocklist-term-error" error spacing="none" className="-mt-3">
          {error}
        </FieldMessage>
      )}

      <div>
        <h3 className="mb-2 text-sm font-semibold text-ink">Your blocklist ({terms.length})</h3>
        {blocklist.isLoading ? (
          <p className="text-sm text-muted">Loading…</p>
        ) : blocklist.isError ? (
          <p className="text-sm text-danger">The blocklist could not be loaded: {blocklist.error.message}</p>
        ) : terms.length === 0 ? (
          <p className="text-sm text-muted">Empty: only the built-in lists apply.</p>
        ) : (
          <ul className="flex flex-wrap gap-2" aria-label="Blocked terms">
            {terms.map((term) => (
              <li
                key={term}
                className="flex items-center gap-1 rounded-full border border-night-600 bg-night-800 py-1 pl-3 pr-1 text-sm text-ink"
              >
                <span className="break-all">{term}</span>
                <button
                  type="button"
                  className="flex h-8 w-8 items-center justify-center rounded-full text-muted hover:bg-night-700 hover:text-ink disabled:opacity-50"
                  aria-label={`Remove ${term}`}
                  disabled={save.isPending}
                  onClick={() =>
                    saveTerms(
                      terms.filter((kept) => kept !== term),
                      `"${term}" is allowed again.`,
                    )
                  }
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>

      <ExistingMatches />
    </Card>
  );
}

/** Names and strategies already saved that the lists refuse now, for review. */
function ExistingMatches() {
  const matches = useModerationMatches();
  const hide = useHidePlayer();
  const list = matches.data?.matches ?? [];

  return (
    <div>
      <h3 className="mb-2 text-sm font-semibold text-ink">Existing names and strategies to review ({list.length})</h3>
      {matches.isLoading ? (
        <p className="text-sm text-muted">Checking every player…</p>
      ) : matches.isError ? (
        <p className="text-sm text-danger">The check failed: {matches.error.message}</p>
      ) : list.length === 0 ? (
        <p className="text-sm text-muted">Nothing to review: no saved name or strategy matches the lists.</p>
      ) : (
        <ul className="flex flex-col divide-y divide-night-700 rounded-xl border border-night-700">
          {list.map((match) => (
            <li key={`${match.playerId}-${match.field}`} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <p className="truncate text-sm font-semibold text-ink">
                  {match.displayName ?? '(no name)'}
                  {match.hidden && (
                    <span className="ml-2 rounded-full bg-night-700 px-2 py-0.5 text-xs font-medium text-muted">hidden</span>
                  )}
                </p>
                <p className="break-words text-sm text-muted">
                  {match.field === 'strategy' ? 'Strategy: ' : 'Name: '}
                  <span className="text-ink">{match.text}</span> · {reasonLabels[match.reason]}
                </p>
              </div>
              {!match.hidden && (
                <Button
                  variant="outline"
                  size="sm"
                  className="shrink-0 whitespace-nowrap"
                  disabled={hide.isPending}
                  onClick={() =>
                    hide.mutate(match.playerId, {
                      onSuccess: () =>
                        notifySuccess(
                          'Player hidden',
                          `${match.displayName ?? 'The player'} is off every public board. Rename them on the Players table.`,
                        ),
                      onError: (failure) => notifyError('Could not hide the player', failure.message),
                    })
                  }
                >
                  Hide from boards
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
