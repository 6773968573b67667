/// <reference lib="webworker" />
// Solves an altcha challenge off the main thread (the search itself: proof-of-work-solve.ts).
import { searchProofOfWork } from './proof-of-work-solve';

interface Job {
  challenge: string;
  salt: string;
  max: number;
}

self.onmessage = (event: MessageEvent<Job>) => {
  const { challenge, salt, max } = event.data;
  const started = performance.now();
  const number = searchProofOfWork(challenge, salt, max);
  self.postMessage({ number, took: performance.now() - started });
};
