import { Worker } from 'node:worker_threads';
import type { ProofOfWorkChallenge } from '../../contracts/auth.rules';
import { searchProofOfWork } from '../../web/lib/proof-of-work-solve';

/**
 * Proofs of work solved off the event loop, in `size` worker threads running the browser's own search (as each phone
 * runs it in a web worker): a process standing in for many clients keeps reading and writing its sockets meanwhile,
 * where a solve on its event loop would leave the server waiting for a request body until its request timeout.
 */
export function createSolverPool(size: number) {
  // The search's own source (one self-contained function); tsx names functions with a helper the worker lacks.
  const source = `const __name = (f) => f; const search = ${searchProofOfWork.toString()};
require('node:worker_threads').parentPort.on('message', ({ id, challenge, salt, max }) => {
  require('node:worker_threads').parentPort.postMessage({ id, number: search(challenge, salt, max) });
});`;
  const workers = Array.from({ length: size }, () => new Worker(source, { eval: true }));
  const waiting = new Map<number, (number: number | null) => void>();
  for (const worker of workers) worker.on('message', ({ id, number }) => waiting.get(id)?.(number));
  let next = 0;
  return {
    /** The x-gg-proof header value for `challenge`. */
    async solve(challenge: ProofOfWorkChallenge): Promise<string> {
      const id = next++;
      const number = await new Promise<number | null>((resolve) => {
        waiting.set(id, resolve);
        workers[id % size]!.postMessage({
          id,
          challenge: challenge.challenge,
          salt: challenge.salt,
          max: challenge.maxnumber ?? 1_000_000,
        });
      });
      waiting.delete(id);
      if (number === null) throw new Error('no solution in range');
      const { algorithm, salt, signature } = challenge;
      return Buffer.from(JSON.stringify({ algorithm, challenge: challenge.challenge, number, salt, signature })).toString('base64');
    },
    close: () => Promise.all(workers.map((worker) => worker.terminate())),
  };
}
