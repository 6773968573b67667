import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { GenerationRun } from '@contracts/admin-challenges';
import { GENERATION_STREAM_EVENTS } from '@contracts/admin-challenges.rules';
import { challengesKeys } from '../api/challenges-query-keys';

/**
 * Follows one run over Server-Sent Events (the server pushes on every change; no polling). Each time another image
 * lands, the pool's table and health refresh; the stream closes when the run has ended.
 */
export function useGenerationProgress(runId: string | null): GenerationRun | null {
  const queryClient = useQueryClient();
  const [run, setRun] = useState<GenerationRun | null>(null);
  const lastDone = useRef(0);

  useEffect(() => {
    setRun(null);
    lastDone.current = 0;
    if (!runId) return;
    const source = new EventSource(`/api/admin/challenges/generation/${runId}/stream`);
    source.addEventListener(GENERATION_STREAM_EVENTS.progress, (event) => {
      const next = JSON.parse((event as MessageEvent<string>).data) as GenerationRun;
      setRun(next);
      if (next.done !== lastDone.current) {
        lastDone.current = next.done;
        void queryClient.invalidateQueries({ queryKey: challengesKeys.all });
      }
      if (next.finishedAt) source.close();
    });
    return () => source.close();
  }, [runId, queryClient]);

  return run;
}
