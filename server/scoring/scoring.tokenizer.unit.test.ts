import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { SentencePieceTokenizer, UNKNOWN_TOKEN_ID, normaliseForSentencePiece, type ScoringVocabulary } from './scoring.tokenizer';
import { useLiteAssetPaths } from './use-lite.embedder';

let vocab: ScoringVocabulary;
let tokenizer: SentencePieceTokenizer;
const pieces = (text: string) => tokenizer.encode(text).map((id) => vocab[id][0]);

beforeAll(() => {
  vocab = JSON.parse(readFileSync(useLiteAssetPaths().vocabJson, 'utf8'));
  tokenizer = new SentencePieceTokenizer(vocab);
});

describe('SentencePiece tokenizer (USE-lite vocab)', () => {
  it('encodes known strings to the ids of the expected vocab pieces', () => {
    expect(tokenizer.encode('a high quality photo of a surfing dog')).toEqual([11, 391, 1358, 2129, 14, 11, 2024, 209, 23, 959]);
    expect(pieces('a high quality photo of a surfing dog')).toEqual(['▁a', '▁high', '▁quality', '▁photo', '▁of', '▁a', '▁sur', 'f', 'ing', '▁dog']);
    expect(tokenizer.encode('hello world')).toEqual([2002, 102, 311]);
    expect(pieces('hello world')).toEqual(['▁hell', 'o', '▁world']);
    expect(vocab[1163][0]).toBe('▁cat');
    expect(tokenizer.encode('cat')).toEqual([1163]);
  });

  it('puts a separator before the text and in place of every space, without collapsing', () => {
    expect(normaliseForSentencePiece('a  b')).toBe('▁a▁▁b');
    expect(pieces('  double  space')).toEqual(['▁', '▁', '▁double', '▁', '▁space']);
  });

  it('applies NFKC so full-width letters tokenize like ASCII', () => {
    expect(tokenizer.encode('ｃａｔ')).toEqual(tokenizer.encode('cat'));
  });

  it('maps unknown characters to id 0 and merges consecutive unknowns', () => {
    const ids = tokenizer.encode('cat 🤔🤔 x');
    expect(ids.filter((id) => id === UNKNOWN_TOKEN_ID)).toHaveLength(1);
    expect(ids.at(-1)).toBe(649); // '▁x': positions stay aligned after astral characters
  });

  it('finds the maximum-likelihood segmentation (checked by brute force)', () => {
    const byPiece = new Map(vocab.slice(6).map(([piece, logProb]) => [piece, logProb] as const));
    const bestScore = (s: string): number => {
      if (s === '') return 0;
      let best = -Infinity;
      for (let len = 1; len <= s.length; len++) {
        const logProb = byPiece.get(s.slice(0, len));
        if (logProb !== undefined) best = Math.max(best, logProb + bestScore(s.slice(len)));
      }
      return best;
    };
    for (const text of ['surfing', 'lighthouse', 'anthropomorphic', 'sandcastle']) {
      const score = tokenizer.encode(text).reduce((sum, id) => sum + vocab[id][1], 0);
      expect(score).toBeCloseTo(bestScore(normaliseForSentencePiece(text)), 6);
    }
  });
});
