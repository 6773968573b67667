// Worker thread of the scoring pool (plain JS so it runs the same under tsx, vitest and node).
// Builds one single-threaded MiniLM WASM engine from the verified bytes in workerData and
// embeds the batches it is handed. See server/scoring/minilm.embedder.ts.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { workerData } from 'node:worker_threads';

const require = createRequire(import.meta.url);
const model = workerData;

function check(file, expected) {
  const actual = createHash('sha256').update(readFileSync(file)).digest('hex');
  if (actual !== expected) throw new Error(`scoring model file ${file} has sha256 ${actual}, expected ${expected}`);
}
check(model.enginePath, model.engineSha256);
check(model.wasmPath, model.wasmSha256);
const { Embedder } = require(model.enginePath);
const engine = new Embedder(new Uint8Array(model.weights), new Uint8Array(model.tokenizer), new Uint8Array(model.config), model.maxTokens);

/** texts: string[] -> Float32Array per text (one forward pass each: no padding waste, bit-identical to embedding alone). */
export default function embed(texts) {
  return texts.map((text) => Float32Array.from(engine.embed([text])[0]));
}
