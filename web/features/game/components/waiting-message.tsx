import { useEffect, useState } from 'react';
import { waitingMessages } from './waiting-messages';

const ROTATE_EVERY_MS = 2800;

const randomIndex = (except?: number) => {
  const index = Math.floor(Math.random() * waitingMessages.length);
  return index === except ? (index + 1) % waitingMessages.length : index;
};

/**
 * A fun line while the guess is scored: starts at a random message and moves on if scoring takes a while.
 * Inside a live region, screen readers hear the first message once; the rotation is for the eyes only.
 */
export function WaitingMessage() {
  const [firstIndex] = useState(() => randomIndex());
  const [index, setIndex] = useState(firstIndex);
  useEffect(() => {
    const timer = setInterval(() => setIndex((current) => randomIndex(current)), ROTATE_EVERY_MS);
    return () => clearInterval(timer);
  }, []);
  return (
    <>
      <span className="sr-only">{waitingMessages[firstIndex]}</span>
      <p
        data-testid="waiting-message"
        aria-hidden
        className="flex items-center justify-center gap-2 text-center text-sm text-accent motion-safe:animate-pulse"
      >
        <span className="size-2 shrink-0 rounded-full bg-glow" />
        {waitingMessages[index]}
      </p>
    </>
  );
}
