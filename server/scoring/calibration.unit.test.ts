import { describe, expect, it } from 'vitest';
import {
  OPENAI_DEFAULT_CALIBRATION,
  USE_LITE_CALIBRATION,
  calibratedScore,
  calibrationFor,
  exactMatchKey,
  offTopicPenalty,
  piecewiseLinear,
} from './calibration';
import { lexicalOverlap, promptTerms, stemWord, type LexicalOverlap } from './scoring.lexical';
import { loadEnv } from '../env';
import { scoringConfigFrom } from './scoring.config';

const noOverlap: LexicalOverlap = { recall: 0, precision: 0, namesHeadNoun: false, offTopicWords: 2, guessContentWords: 2, promptContentWords: 5 };
const grid = Array.from({ length: 241 }, (_, i) => -0.2 + i * 0.005);

describe('calibration', () => {
  for (const [name, params] of Object.entries({ USE_LITE_CALIBRATION, OPENAI_DEFAULT_CALIBRATION })) {
    it(`${name}: knots ascend, so the map is monotone and clamped to 0..100`, () => {
      for (let i = 1; i < params.knots.length; i++) {
        expect(params.knots[i][0]).toBeGreaterThan(params.knots[i - 1][0]);
        expect(params.knots[i][1]).toBeGreaterThanOrEqual(params.knots[i - 1][1]);
      }
      const values = grid.map((x) => piecewiseLinear(x, params.knots));
      values.forEach((v, i) => i > 0 && expect(v).toBeGreaterThanOrEqual(values[i - 1]));
      expect(piecewiseLinear(-5, params.knots)).toBe(0);
      expect(piecewiseLinear(5, params.knots)).toBe(100);
      expect(piecewiseLinear(Number.NaN, params.knots)).toBe(0);
    });
  }

  it('score is non-decreasing in cosine, recall and precision, and stays within 0..100 with one decimal', () => {
    for (const recall of [0, 0.3, 1]) {
      for (const precision of [0, 0.5, 1]) {
        const lexical = { ...noOverlap, recall, precision };
        const scores = grid.map((cosine) => calibratedScore(cosine, lexical, USE_LITE_CALIBRATION));
        scores.forEach((s, i) => {
          expect(s).toBeGreaterThanOrEqual(0);
          expect(s).toBeLessThanOrEqual(100);
          expect(Math.round(s * 10) / 10).toBe(s);
          if (i > 0) expect(s).toBeGreaterThanOrEqual(scores[i - 1]);
        });
        const moreRecall = calibratedScore(0.7, { ...lexical, recall: Math.min(1, recall + 0.2) }, USE_LITE_CALIBRATION);
        expect(moreRecall).toBeGreaterThanOrEqual(calibratedScore(0.7, lexical, USE_LITE_CALIBRATION));
      }
    }
    expect(calibratedScore(1.5, { ...noOverlap, recall: 1, precision: 1, namesHeadNoun: true, offTopicWords: 0 }, USE_LITE_CALIBRATION)).toBe(100);
  });

  it('penalises only long lists of off-topic words, more the longer they are', () => {
    const base = { ...noOverlap, promptContentWords: 6 };
    expect(offTopicPenalty({ ...base, offTopicWords: 6 }, USE_LITE_CALIBRATION)).toBe(1);
    const p10 = offTopicPenalty({ ...base, offTopicWords: 10 }, USE_LITE_CALIBRATION);
    const p15 = offTopicPenalty({ ...base, offTopicWords: 15 }, USE_LITE_CALIBRATION);
    expect(p10).toBeLessThan(1);
    expect(p15).toBeLessThan(p10);
    expect(p15).toBeGreaterThan(0);
  });

  it('exact-match key ignores case, whitespace and punctuation', () => {
    expect(exactMatchKey('  A cat, on a   COUCH! ')).toBe(exactMatchKey('a cat on a couch'));
    expect(exactMatchKey('a cat on a couch')).not.toBe(exactMatchKey('a cat on a bed'));
  });

  it('picks parameters by embedder id', () => {
    expect(calibrationFor('use-lite')).toBe(USE_LITE_CALIBRATION);
    expect(calibrationFor('openai:text-embedding-3-small')).toBe(OPENAI_DEFAULT_CALIBRATION);
  });
});

describe('lexical overlap', () => {
  it('stems plurals, -ing and -ed consistently', () => {
    expect(stemWord('riding')).toBe(stemWord('ride'));
    expect(stemWord('puddles')).toBe(stemWord('puddle'));
    expect(stemWord('running')).toBe(stemWord('run'));
    expect(stemWord('children')).toBe(stemWord('child'));
    expect(stemWord('parked')).toBe(stemWord('park'));
  });

  it('weights the head noun of the leading phrase highest and style words lowest', () => {
    const terms = promptTerms('a high quality photo of a golden retriever puppy sleeping in a basket');
    const weight = (stem: string) => terms.find((t) => t.stem === stemWord(stem))?.weight;
    expect(weight('puppy')).toBe(1);
    expect(weight('retriever')).toBe(0.7);
    expect(weight('basket')).toBe(0.4);
    expect(weight('photo')).toBeUndefined(); // framing prefix dropped
  });

  it('measures recall toward the prompt and precision of the guess, joining compounds', () => {
    const overlap = lexicalOverlap('two children building a sandcastle on a sunny beach', 'kids making a sand castle');
    expect(overlap.recall).toBeGreaterThan(0);
    expect(overlap.namesHeadNoun).toBe(false);
    const spam = lexicalOverlap('a panda eating bamboo in a misty forest', 'panda china bear animal black white cute zoo leaves green jungle');
    expect(spam.namesHeadNoun).toBe(true);
    expect(spam.precision).toBeLessThan(0.2);
    expect(spam.offTopicWords).toBe(10);
  });
});

describe('scoringConfigFrom', () => {
  it('defaults to use-lite', () => {
    expect(scoringConfigFrom(loadEnv({}))).toEqual({ provider: 'use-lite' });
  });
  it('takes the openai defaults from the one env schema', () => {
    expect(scoringConfigFrom(loadEnv({ SCORING_PROVIDER: 'openai', OPENAI_API_KEY: 'k' }))).toEqual({
      provider: 'openai',
      baseUrl: 'https://api.openai.com/v1',
      apiKey: 'k',
      model: 'text-embedding-3-small',
    });
  });
  it('reads the openai settings', () => {
    const env = loadEnv({ SCORING_PROVIDER: 'openai', OPENAI_BASE_URL: 'http://127.0.0.1:9/v1', OPENAI_API_KEY: 'k', OPENAI_EMBEDDING_MODEL: 'm' });
    expect(scoringConfigFrom(env)).toEqual({ provider: 'openai', baseUrl: 'http://127.0.0.1:9/v1', apiKey: 'k', model: 'm' });
  });
  it('an unknown provider is refused by loadEnv, naming the variable', () => {
    expect(() => loadEnv({ SCORING_PROVIDER: 'bert' })).toThrow(/SCORING_PROVIDER/);
  });
});
