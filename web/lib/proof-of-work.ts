/**
 * The proof of work the server asks for while this network is over an auth ceiling (docs/decisions/032). The sign-in
 * page asks ahead (GET /api/proof-of-work) and solves in a worker while the player types; every auth POST carries a
 * solved proof when one is ready, and a refusal asking for one is solved and sent again once. A browser that cannot
 * run the worker is told so in words, never left waiting.
 */
import {
  authErrorCodes,
  PROOF_OF_WORK_HEADER,
  PROOF_OF_WORK_PATH,
  type ProofOfWorkChallenge,
  type ProofOfWorkStatus,
} from '@contracts/auth.rules';

export type ProofState = 'idle' | 'solving' | 'ready' | 'unavailable';

export const PROOF_UNAVAILABLE_CODE = 'PROOF_OF_WORK_UNAVAILABLE';
export const PROOF_UNAVAILABLE_MESSAGE =
  "This network is very busy, and your browser can't run the quick check it needs right now. Please try again in a minute, or open this page in another browser.";
/** A solve that takes longer than this (a very slow or throttled device) is given up, with the message above. */
const SOLVE_LIMIT_MS = 30_000;

let state: ProofState = 'idle';
let ready: Promise<string | null> | null = null;
const listeners = new Set<() => void>();
const setState = (next: ProofState) => {
  state = next;
  listeners.forEach((listener) => listener());
};

export const proofState = () => state;
export function subscribeProofState(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** Solves `challenge` in a worker: the header value, or null when this browser cannot (no worker, an error, too slow). */
export function solve(challenge: ProofOfWorkChallenge): Promise<string | null> {
  if (typeof Worker === 'undefined') return Promise.resolve(null);
  const started = performance.now();
  return new Promise((resolve) => {
    let worker: Worker;
    try {
      worker = new Worker(new URL('./proof-of-work.worker.ts', import.meta.url), { type: 'module' });
    } catch {
      resolve(null);
      return;
    }
    const done = (value: string | null) => {
      clearTimeout(timer);
      worker.terminate();
      // How long the check took on this device, worker start included (read by the browser tests).
      if (value) performance.measure('proof-of-work', { start: started, end: performance.now() });
      resolve(value);
    };
    const timer = setTimeout(() => done(null), SOLVE_LIMIT_MS);
    worker.onerror = () => done(null);
    worker.onmessage = (event: MessageEvent<{ number: number | null; took: number }>) => {
      const { number } = event.data;
      if (number === null) return done(null);
      const { algorithm, salt, signature } = challenge;
      done(btoa(JSON.stringify({ algorithm, challenge: challenge.challenge, number, salt, signature })));
    };
    worker.postMessage({ challenge: challenge.challenge, salt: challenge.salt, max: challenge.maxnumber ?? 1_000_000 });
  });
}

function startSolving(challenge: ProofOfWorkChallenge) {
  setState('solving');
  ready = solve(challenge).then((proof) => {
    setState(proof ? 'ready' : 'unavailable');
    return proof;
  });
}

/** Asks whether this network is under pressure and, when it is, solves a challenge in the background. */
export async function prepareProof(): Promise<void> {
  if (ready) return;
  try {
    const response = await fetch(PROOF_OF_WORK_PATH, { credentials: 'same-origin', cache: 'no-store' });
    if (!response.ok) return;
    const status = (await response.json()) as ProofOfWorkStatus;
    if (status.required && status.challenge && !ready) startSolving(status.challenge);
  } catch {
    // Offline or the server is away: the form's own call will say so.
  }
}

/** The solved proof, when one is being prepared (waits for it); null when none is. Each proof is handed out once. */
async function takeProof(): Promise<string | null> {
  if (!ready) return null;
  const proof = await ready;
  ready = null;
  if (state !== 'unavailable') setState('idle');
  return proof;
}

const unavailableResponse = () =>
  new Response(JSON.stringify({ code: PROOF_UNAVAILABLE_CODE, message: PROOF_UNAVAILABLE_MESSAGE }), {
    status: 429,
    headers: { 'content-type': 'application/json' },
  });

/**
 * fetch for better-auth's client: POSTs carry a prepared proof; a PROOF_OF_WORK_REQUIRED refusal is solved (the
 * form shows PLEASE WAIT... meanwhile) and sent again once. After each call the next proof is prepared if needed.
 */
export async function fetchWithProof(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
  if (method !== 'POST') return fetch(input, init);
  const send = (proof: string | null) => {
    const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
    if (proof) headers.set(PROOF_OF_WORK_HEADER, proof);
    return fetch(input, { ...init, headers });
  };
  let response = await sendRetryingBusy(send, await takeProof());
  if (response.status === 429) {
    const body = (await response
      .clone()
      .json()
      .catch(() => null)) as { code?: string; challenge?: ProofOfWorkChallenge } | null;
    if (body?.code === authErrorCodes.proofOfWorkRequired && body.challenge) {
      startSolving(body.challenge);
      const proof = await takeProof();
      if (!proof) {
        setState('unavailable');
        return unavailableResponse();
      }
      response = await sendRetryingBusy(send, proof);
    }
  }
  void prepareProof();
  return response;
}

/** How long in all a call is sent again while the server answers 503 (busy hashing passwords, then it gives up). */
const BUSY_RETRY_LIMIT_MS = 120_000;

/**
 * Sends the call, and again after the server's Retry-After for as long as it answers 503 (a flood is holding its
 * password hashing: docs/decisions/054), up to two minutes in all: the player sees PLEASE WAIT..., not the refusal.
 */
async function sendRetryingBusy(send: (proof: string | null) => Promise<Response>, proof: string | null): Promise<Response> {
  const started = Date.now();
  let response = await send(proof);
  while (response.status === 503) {
    const seconds = Number(response.headers.get('retry-after'));
    const wait = Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, 30) * 1000 : 2_000;
    // A little jitter, so a crowd refused together does not come back together.
    const delay = wait * (0.8 + Math.random() * 0.4);
    if (Date.now() - started + delay > BUSY_RETRY_LIMIT_MS) break;
    await new Promise((resolve) => setTimeout(resolve, delay));
    // A proof of work is spent once: a retry goes without it (the 503 came after the limits let the call through).
    response = await send(null);
  }
  return response;
}
