import { useEffect, useSyncExternalStore } from 'react';
import { prepareProof, PROOF_UNAVAILABLE_MESSAGE, proofState, subscribeProofState } from '@web/lib/proof-of-work';

/**
 * Asks, when /auth opens, whether this network is under pressure; if so the browser solves a quick check in the
 * background (docs/decisions/032) and this line says so, so a slower sign-in is never a silent wait.
 */
export function ProofOfWorkNote() {
  const state = useSyncExternalStore(subscribeProofState, proofState, () => 'idle' as const);
  useEffect(() => void prepareProof(), []);
  if (state === 'idle') return null;
  const text =
    state === 'solving'
      ? 'This network is busy: your browser is doing a quick check in the background…'
      : state === 'ready'
        ? 'This network is busy: your browser has done its quick check. You can go ahead.'
        : PROOF_UNAVAILABLE_MESSAGE;
  return (
    <p
      role="status"
      aria-live="polite"
      className={`mt-4 rounded-md border px-3 py-2 text-sm ${state === 'unavailable' ? 'border-danger text-danger' : 'border-night-700 text-muted'}`}
    >
      {text}
    </p>
  );
}
