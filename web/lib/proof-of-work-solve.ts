// The proof-of-work search the browser runs in its worker (proof-of-work.worker.ts), kept apart from the worker so
// `npm run bench:proof-of-work` times the very same code: SHA-256 of salt + n for n = 0, 1, … until it matches.
//
// Our own SHA-256, not crypto.subtle: a booth served over http on a LAN address is not a secure context, where
// crypto.subtle does not exist. And not a general-purpose one (@noble/hashes, ~5 µs a hash here): this one is made for
// this search alone, with the salt's full blocks hashed once, the message written into one reused block, no
// allocation and no hex per try, and the result compared as eight words. That makes a browser about as fast as a
// script calling node:crypto per try, so the work asked of everyone can be set from what a phone can afford
// (docs/decisions/054). It is one self-contained function (no imports, no outside names) so the Chromium
// measurement can run the very same source.

/** The number whose SHA-256 of `salt + number` (hex) is `challenge`, or null when none up to `max` is. */
export function searchProofOfWork(challenge: string, salt: string, max: number): number | null {
  const K = new Int32Array([
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be,
    0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa,
    0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85,
    0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3,
    0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f,
    0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
  ]);
  const W = new Int32Array(64);
  const state = new Int32Array(8);
  /** SHA-256's compression of the 16 words in W[0..15] into `h`. */
  const compress = (h: Int32Array) => {
    for (let t = 16; t < 64; t++) {
      const w15 = W[t - 15]!;
      const w2 = W[t - 2]!;
      const s0 = ((w15 >>> 7) | (w15 << 25)) ^ ((w15 >>> 18) | (w15 << 14)) ^ (w15 >>> 3);
      const s1 = ((w2 >>> 17) | (w2 << 15)) ^ ((w2 >>> 19) | (w2 << 13)) ^ (w2 >>> 10);
      W[t] = (W[t - 16]! + s0 + W[t - 7]! + s1) | 0;
    }
    let a = h[0]!;
    let b = h[1]!;
    let c = h[2]!;
    let d = h[3]!;
    let e = h[4]!;
    let f = h[5]!;
    let g = h[6]!;
    let hh = h[7]!;
    for (let t = 0; t < 64; t++) {
      const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
      const t1 = (hh + S1 + ((e & f) ^ (~e & g)) + K[t]! + W[t]!) | 0;
      const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
      const t2 = (S0 + ((a & b) ^ (a & c) ^ (b & c))) | 0;
      hh = g;
      g = f;
      f = e;
      e = (d + t1) | 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) | 0;
    }
    h[0] = (h[0]! + a) | 0;
    h[1] = (h[1]! + b) | 0;
    h[2] = (h[2]! + c) | 0;
    h[3] = (h[3]! + d) | 0;
    h[4] = (h[4]! + e) | 0;
    h[5] = (h[5]! + f) | 0;
    h[6] = (h[6]! + g) | 0;
    h[7] = (h[7]! + hh) | 0;
  };
  const saltBytes = new TextEncoder().encode(salt);
  if (!/^[0-9a-f]{64}$/i.test(challenge)) return null;
  const target = new Int32Array(8);
  for (let i = 0; i < 8; i++) target[i] = Number.parseInt(challenge.slice(i * 8, i * 8 + 8), 16) | 0;
  // The salt's full 64-byte blocks are the same for every try: hashed once.
  const midstate = new Int32Array([0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]);
  const fullBlocks = Math.floor(saltBytes.length / 64);
  for (let block = 0; block < fullBlocks; block++) {
    for (let i = 0; i < 16; i++) {
      const at = block * 64 + i * 4;
      W[i] = (saltBytes[at]! << 24) | (saltBytes[at + 1]! << 16) | (saltBytes[at + 2]! << 8) | saltBytes[at + 3]!;
    }
    compress(midstate);
  }
  const tail = saltBytes.subarray(fullBlocks * 64);
  const message = new Uint8Array(128);
  message.set(tail);
  const digits = new Uint8Array(20);
  for (let number = 0; number <= max; number++) {
    // The decimal digits of `number`, then SHA-256's padding, in one or two blocks.
    let count = 0;
    let rest = number;
    do {
      digits[count++] = 48 + (rest % 10);
      rest = Math.floor(rest / 10);
    } while (rest > 0);
    let length = tail.length;
    for (let i = count - 1; i >= 0; i--) message[length++] = digits[i]!;
    const blocks = length + 9 <= 64 ? 1 : 2;
    message.fill(0, length, blocks * 64);
    message[length] = 0x80;
    const bits = (fullBlocks * 64 + length) * 8;
    const end = blocks * 64;
    message[end - 4] = (bits >>> 24) & 0xff;
    message[end - 3] = (bits >>> 16) & 0xff;
    message[end - 2] = (bits >>> 8) & 0xff;
    message[end - 1] = bits & 0xff;
    state.set(midstate);
    for (let block = 0; block < blocks; block++) {
      for (let i = 0; i < 16; i++) {
        const at = block * 64 + i * 4;
        W[i] = (message[at]! << 24) | (message[at + 1]! << 16) | (message[at + 2]! << 8) | message[at + 3]!;
      }
      compress(state);
    }
    if (
      state[0] === target[0] &&
      state[1] === target[1] &&
      state[2] === target[2] &&
      state[3] === target[3] &&
      state[4] === target[4] &&
      state[5] === target[5] &&
      state[6] === target[6] &&
      state[7] === target[7]
    )
      return number;
  }
  return null;
}
