import { useQueryClient } from '@tanstack/react-query';
import { FileArchive, Upload } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { HARD_TO_SCORE_BELOW, HARD_TO_SCORE_LABEL } from '@contracts/admin-challenges.rules';
import { formatScore } from '@contracts/game.rules';
import { Button } from '@web/ui/button';
import { Card, CardDescription, CardTitle } from '@web/ui/card';
import { challengesKeys } from '../api/challenges-query-keys';
import { uploadPack, type UploadOutcome } from '../api/upload-pack';

type State =
  | { phase: 'idle' }
  | { phase: 'uploading'; fraction: number; name: string }
  | { phase: 'done'; name: string; outcome: UploadOutcome };

/** Upload a .zip pack (manifest.json + images) with a progress bar; every problem of a refused pack is listed. */
export function PackUpload() {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const queryClient = useQueryClient();
  const [state, setState] = useState<State>({ phase: 'idle' });

  async function send(file: File) {
    setState({ phase: 'uploading', fraction: 0, name: file.name });
    const outcome = await uploadPack(file, (fraction) => setState({ phase: 'uploading', fraction, name: file.name }));
    setState({ phase: 'done', name: file.name, outcome });
    if (input.current) input.current.value = '';
    if (outcome.ok) void queryClient.invalidateQueries({ queryKey: challengesKeys.all });
  }

  const percent = state.phase === 'uploading' ? Math.round(state.fraction * 100) : 0;
  return (
    <Card className="flex flex-col gap-3">
      <div>
        <CardTitle>Upload a pack</CardTitle>
        <CardDescription>
          A .zip with <code className="text-ink">manifest.json</code> ={' '}
          <code className="text-ink">
            [{'{'}"file": "images/001.png", "prompt": "…"{'}'}]
          </code>{' '}
          and the images. The whole pack is checked first: if anything is wrong, nothing is imported.
        </CardDescription>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <input
          ref={input}
          id={inputId}
          type="file"
          accept=".zip,application/zip"
          className="sr-only"
          disabled={state.phase === 'uploading'}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) void send(file);
          }}
        />
        <Button asChild variant="secondary" aria-disabled={state.phase === 'uploading'}>
          <label htmlFor={inputId} className="cursor-pointer">
            <Upload className="size-4" aria-hidden />
            Choose a .zip pack
          </label>
        </Button>
        {state.phase !== 'idle' ? (
          <span className="inline-flex min-w-0 items-center gap-1.5 text-sm text-muted">
            <FileArchive className="size-4 shrink-0" aria-hidden />
            <span className="truncate">{state.name}</span>
          </span>
        ) : null}
      </div>
      {state.phase === 'uploading' ? (
        <div className="flex flex-col gap-1">
          <div
            role="progressbar"
            aria-label="Upload progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="h-2.5 overflow-hidden rounded-full bg-night-700"
          >
            <div
              className="h-full rounded-full bg-gradient-to-r from-accent-strong to-glow transition-[width]"
              style={{ width: `${percent}%` }}
            />
          </div>
          <p className="text-sm text-muted" aria-live="polite">
            {percent < 100 ? `Uploading… ${percent}%` : 'Uploaded. Checking and importing the pack…'}
          </p>
        </div>
      ) : null}
      {state.phase === 'done' && state.outcome.ok ? (
        <p role="status" className="text-sm font-semibold text-success">
          Imported {state.outcome.result.imported} challenge{state.outcome.result.imported === 1 ? '' : 's'}
          {state.outcome.result.skipped > 0 ? `, skipped ${state.outcome.result.skipped} already in the pool` : ''}.
        </p>
      ) : null}
      {state.phase === 'done' && state.outcome.ok && state.outcome.result.hardToScore.length > 0 ? (
        <div className="rounded-xl border border-glow/40 bg-glow/10 p-3 text-sm">
          <p className="font-semibold text-ink">
            {HARD_TO_SCORE_LABEL}: on {state.outcome.result.hardToScore.length === 1 ? 'this image' : 'these images'} a good short
            description scores under {HARD_TO_SCORE_BELOW} %. Consider a more describable prompt, or disabling{' '}
            {state.outcome.result.hardToScore.length === 1 ? 'it' : 'them'}.
          </p>
          <ul className="mt-2 max-h-56 list-disc overflow-y-auto pl-5 text-ink">
            {state.outcome.result.hardToScore.map((item, index) => (
              <li key={index}>
                “{item.prompt}”: difficulty {formatScore(item.difficulty)}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {state.phase === 'done' && state.outcome.ok && (state.outcome.result.flags ?? []).length > 0 ? (
        <div className="rounded-xl border border-warning/40 bg-warning/10 p-3 text-sm" data-testid="import-flags">
          <p className="font-semibold text-ink">
            The prompt check found {state.outcome.result.flags.length} thing{state.outcome.result.flags.length === 1 ? '' : 's'} to look at
            (see the pool check below):
          </p>
          <ul className="mt-1 list-disc pl-5 text-ink">
            {state.outcome.result.flags.map((flag) => (
              <li key={`${flag.kind}:${flag.prompt}:${flag.other ?? ''}`}>{flag.message}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {state.phase === 'done' && !state.outcome.ok ? (
        <div role="alert" className="rounded-xl border border-danger/40 bg-danger/10 p-3 text-sm">
          <p className="font-semibold text-danger">{state.outcome.message}</p>
          {state.outcome.problems.length > 0 ? (
            <ul className="mt-2 max-h-56 list-disc overflow-y-auto pl-5 text-ink">
              {state.outcome.problems.map((problem, index) => (
                <li key={index}>{problem}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </Card>
  );
}
