/**
 * SentencePiece (unigram) tokenizer for Universal Sentence Encoder lite.
 *
 * Mirrors the behaviour of the official @tensorflow-models/universal-sentence-encoder
 * tokenizer: NFKC normalisation, spaces become the `▁` word separator (plus a leading
 * one), a Viterbi search over a trie of vocab pieces maximising the summed piece
 * log-probabilities, unknown characters map to id 0 and consecutive unknowns merge.
 * Written from scratch; positions are counted in code points throughout so astral
 * characters (emoji) cannot desynchronise the back-tracking.
 */

export type ScoringVocabulary = ReadonlyArray<readonly [piece: string, logProb: number]>;

export const WORD_SEPARATOR = '\u2581';
export const UNKNOWN_TOKEN_ID = 0;
/** Ids 0..5 are unk, <s>, </s> and control symbols: never produced by matching. */
const RESERVED_TOKEN_COUNT = 6;

interface TrieNode {
  children: Map<string, TrieNode>;
  piece?: { id: number; logProb: number };
}

interface PieceMatch {
  length: number; // in code points
  id: number;
  logProb: number;
}

function newNode(): TrieNode {
  return { children: new Map() };
}

export class SentencePieceTokenizer {
  private readonly root: TrieNode = newNode();

  constructor(vocabulary: ScoringVocabulary) {
    for (let id = RESERVED_TOKEN_COUNT; id < vocabulary.length; id++) {
      const [piece, logProb] = vocabulary[id];
      let node = this.root;
      for (const symbol of piece) {
        let child = node.children.get(symbol);
        if (!child) {
          child = newNode();
          node.children.set(symbol, child);
        }
        node = child;
      }
      node.piece = { id, logProb };
    }
  }

  /** Every vocab piece that is a prefix of symbols[start..]; an unknown symbol yields the unk piece. */
  private matchesAt(symbols: string[], start: number): PieceMatch[] {
    const first = this.root.children.get(symbols[start]);
    if (!first) return [{ length: 1, id: UNKNOWN_TOKEN_ID, logProb: 0 }];
    const matches: PieceMatch[] = [];
    let node: TrieNode | undefined = first;
    for (let end = start + 1; node; end++) {
      if (node.piece) matches.push({ length: end - start, ...node.piece });
      if (end >= symbols.length) break;
      node = node.children.get(symbols[end]);
    }
    return matches;
  }

  encode(text: string): number[] {
    const symbols = Array.from(normaliseForSentencePiece(text));
    const n = symbols.length;
    // bestScore[i]: best total log-prob of a segmentation of symbols[0..i).
    const bestScore = new Array<number>(n + 1).fill(-Infinity);
    const bestId = new Array<number>(n + 1).fill(UNKNOWN_TOKEN_ID);
    const bestLength = new Array<number>(n + 1).fill(1);
    bestScore[0] = 0;
    // Forward pass in start order; `>=` lets the later start win ties, as the reference does.
    const incoming: Array<Array<{ start: number } & PieceMatch>> = Array.from({ length: n + 1 }, () => []);
    for (let start = 0; start < n; start++) {
      for (const match of this.matchesAt(symbols, start)) incoming[start + match.length].push({ start, ...match });
    }
    for (let end = 1; end <= n; end++) {
      for (const edge of incoming[end]) {
        const score = bestScore[edge.start] + edge.logProb;
        if (score >= bestScore[end]) {
          bestScore[end] = score;
          bestId[end] = edge.id;
          bestLength[end] = edge.length;
        }
      }
    }
    const reversed: number[] = [];
    for (let end = n; end > 0; end -= bestLength[end]) reversed.push(bestId[end]);
    const ids = reversed.reverse();
    return ids.filter((id, i) => !(id === UNKNOWN_TOKEN_ID && ids[i - 1] === UNKNOWN_TOKEN_ID));
  }
}

/** NFKC, then `▁` before the text and in place of every space (not collapsed, like the reference). */
export function normaliseForSentencePiece(text: string): string {
  return WORD_SEPARATOR + text.normalize('NFKC').replace(/ /g, WORD_SEPARATOR);
}
