/** Types of minilm.onnx-graph.mjs (plain JS so the scoring worker can import it anywhere). */
export interface SafetensorsTensor {
  dtype: string;
  shape: number[];
  data: Uint8Array;
}
export function readSafetensors(bytes: Uint8Array): Map<string, SafetensorsTensor>;
export function buildMiniLmOnnx(
  safetensors: Uint8Array,
  config: Record<string, number | string | unknown>,
  options?: { int8?: boolean },
): Uint8Array;
