import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { GenerationRun } from '@contracts/admin-challenges';
import { GENERATION_STREAM_EVENTS } from '@contracts/admin-challenges.rules';
import { apiPaths, withParams } from '@contracts/api-paths';
import { useEventSource } from '@web/lib/use-event-source';
import { challengesKeys } from '../api/challenges-query-keys';

/**
 * Follows one run over the shared live-stream hook (the server pushes on every change; heartbeats tell a dropped
 * connection from a quiet run, and it comes back by itself). Each time another image lands, the pool's table and
 * health refresh; the stream closes when the run has ended, and `refresh` (after a review) opens it again: its first
 * frame is the run as it is now.
 */
export function useGenerationProgress(runId: string | null, refresh = 0): GenerationRun | null {
  const queryClient = useQueryClient();
  const [run, setRun] = useState<GenerationRun | null>(null);
  const [ended, setEnded] = useState<{ runId: string; refresh: number } | null>(null);
  const lastDone = useRef({ runId, done: 0 });
  // Another run shown: nothing of the last one stays on screen.
  const [shown, setShown] = useState(runId);
  if (shown !== runId) {
    setShown(runId);
    setRun(null);
  }

  const open = runId !== null && !(ended?.runId === runId && ended.refresh === refresh);
  useEventSource(open ? withParams(apiPaths.adminGenerationStream, { runId }) : null, {
    [GENERATION_STREAM_EVENTS.progress]: (data) => {
      const next = JSON.parse(data) as GenerationRun;
      // A frame of the run shown before a switch is not this one's.
      if (next.id !== runId) return;
      setRun(next);
      if (lastDone.current.runId !== runId) lastDone.current = { runId, done: 0 };
      if (next.done !== lastDone.current.done) {
        lastDone.current = { runId, done: next.done };
        void queryClient.invalidateQueries({ queryKey: challengesKeys.all });
      }
      if (next.finishedAt) setEnded({ runId, refresh });
    },
  });

  return run;
}
