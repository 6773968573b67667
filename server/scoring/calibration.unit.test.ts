import { describe, expect, it } from 'vitest';
import {
  MAX_INEXACT_SCORE,
  MINILM_CALIBRATION,
  OPENAI_DEFAULT_CALIBRATION,
  calibratedScore,
  calibrationFor,
  combinedSimilarity,
  coverageLift,
  effectiveCosine,
  exactMatchKey,
  offTopicPenalty,
  piecewiseLinear,
} from './calibration';
import {
  alignSynonymsToPrompt,
  broaderWordsOf,
  contentView,
  leadingClause,
  lexicalOverlap,
  promptTerms,
  stemWord,
  synonymsOf,
  type LexicalOverlap,
} from './scoring.lexical';
import { loadEnv } from '../env';
import { scoringConfigFrom } from './scoring.config';

const noOverlap: LexicalOverlap = {
  recall: 0,
  precision: 0,
  namesHeadNoun: false,
  offTopicWords: 2,
  guessContentWords: 2,
  promptContentWords: 5,
  guessIsList: false,
  promptIsTagList: false,
};
const grid = Array.from({ length: 241 }, (_, i) => -0.2 + i * 0.005);

describe('calibration', () => {
  it('coverage: a guess saying as much as the prompt, and meaning it, gains; a short one or a keyword list less or nothing', () => {
    const params = MINILM_CALIBRATION;
    const says = (guessContentWords: number, extra: Partial<LexicalOverlap> = {}) => ({
      ...noOverlap,
      guessContentWords,
      promptContentWords: 6,
      ...extra,
    });
    expect(coverageLift(0.95, says(6), params)).toBeCloseTo(params.coverageWeight, 9);
    expect(coverageLift(0.95, says(9), params)).toBeCloseTo(params.coverageWeight, 9);
    expect(coverageLift(0.95, says(2), params)).toBeCloseTo(params.coverageWeight / 3 ** params.coverageExponent, 9);
    expect(coverageLift(params.coverageFrom, says(6), params)).toBe(0);
    expect(coverageLift(0.95, says(12, { guessIsList: true }), params)).toBe(0);
    expect(coverageLift(0.95, says(6, { guessIsList: true, promptIsTagList: true }), params)).toBeGreaterThan(0);
    for (const words of [1, 3, 6])
      grid.forEach(
        (x, i) =>
          i > 0 && expect(coverageLift(x, says(words), params)).toBeGreaterThanOrEqual(coverageLift(grid[i - 1], says(words), params)),
      );
  });

  for (const [name, params] of Object.entries({ MINILM_CALIBRATION, OPENAI_DEFAULT_CALIBRATION })) {
    it(`${name}: knots ascend, so the map is monotone and clamped to 0..100`, () => {
      for (let i = 1; i < params.knots.length; i++) {
        expect(params.knots[i][0]).toBeGreaterThan(params.knots[i - 1][0]);
        expect(params.knots[i][1]).toBeGreaterThanOrEqual(params.knots[i - 1][1]);
      }
      const values = grid.map((x) => piecewiseLinear(x, params.knots));
      values.forEach((v, i) => i > 0 && expect(v).toBeGreaterThanOrEqual(values[i - 1]));
      expect(piecewiseLinear(-5, params.knots)).toBe(0);
      expect(piecewiseLinear(5, params.knots)).toBe(params.knots.at(-1)![1]);
      expect(params.knots.at(-1)![1]).toBeLessThanOrEqual(100);
      expect(piecewiseLinear(Number.NaN, params.knots)).toBe(0);
    });
  }

  for (const [name, params] of Object.entries({ MINILM_CALIBRATION })) {
    it(`${name}: score is non-decreasing in cosine, recall and precision, within 0..99.9 with one decimal`, () => {
      for (const guessIsList of [false, true]) {
        for (const recall of [0, 0.3, 1]) {
          for (const precision of [0, 0.5, 1]) {
            const lexical = { ...noOverlap, recall, precision, guessIsList };
            const scores = grid.map((cosine) => calibratedScore(cosine, lexical, params));
            scores.forEach((s, i) => {
              expect(s).toBeGreaterThanOrEqual(0);
              expect(s).toBeLessThanOrEqual(MAX_INEXACT_SCORE);
              expect(Math.round(s * 10) / 10).toBe(s);
              if (i > 0) expect(s).toBeGreaterThanOrEqual(scores[i - 1]);
            });
            const moreRecall = calibratedScore(0.7, { ...lexical, recall: Math.min(1, recall + 0.2) }, params);
            expect(moreRecall).toBeGreaterThanOrEqual(calibratedScore(0.7, lexical, params));
          }
        }
      }
      // Only the exact prompt (decided before calibration) reaches 100: a perfect inexact guess stops at 99.9.
      expect(calibratedScore(1.5, { ...noOverlap, recall: 1, precision: 1, namesHeadNoun: true, offTopicWords: 0 }, params)).toBe(
        MAX_INEXACT_SCORE,
      );
    });
  }

  it('MiniLM: the top of the scale is not flat, so different near-perfect guesses do not tie', () => {
    const perfect = { ...noOverlap, recall: 1, precision: 1, namesHeadNoun: true, offTopicWords: 0 };
    const near = [0.9, 0.93, 0.96, 0.99].map((cosine) => calibratedScore(cosine, perfect, MINILM_CALIBRATION));
    near.forEach((s, i) => i > 0 && expect(s).toBeGreaterThan(near[i - 1]));
    expect(near[0]).toBeGreaterThanOrEqual(90);
    expect(near.at(-1)).toBeLessThan(MAX_INEXACT_SCORE);
  });

  it('keyword lists lose for every off-topic word, tag-list prompts included', () => {
    const list = { ...noOverlap, promptContentWords: 6, guessIsList: true };
    expect(offTopicPenalty({ ...list, offTopicWords: 0 }, MINILM_CALIBRATION)).toBe(1); // terse and precise: not capped
    const one = offTopicPenalty({ ...list, offTopicWords: 1 }, MINILM_CALIBRATION);
    const four = offTopicPenalty({ ...list, offTopicWords: 4 }, MINILM_CALIBRATION);
    expect(one).toBeLessThan(1);
    expect(four).toBeLessThan(one);
    // The same words written as a phrase keep their allowance.
    expect(offTopicPenalty({ ...list, guessIsList: false, offTopicWords: 4 }, MINILM_CALIBRATION)).toBe(1);
    // A tag-list prompt: off-topic tags still cost exactly as much as in any list.
    expect(offTopicPenalty({ ...list, promptIsTagList: true, offTopicWords: 4 }, MINILM_CALIBRATION)).toBe(four);
  });

  it("a long list pays for its length; against a tag-list prompt only for tags beyond the prompt's own", () => {
    const longOnTopic = { ...noOverlap, promptContentWords: 12, guessIsList: true, offTopicWords: 0, guessContentWords: 12 };
    expect(offTopicPenalty(longOnTopic, MINILM_CALIBRATION)).toBeCloseTo(1 / (1 + 6 * MINILM_CALIBRATION.listLengthRate), 10);
    expect(offTopicPenalty({ ...longOnTopic, guessContentWords: 6 }, MINILM_CALIBRATION)).toBe(1);
    // As many words as the tag-list prompt has are free...
    expect(offTopicPenalty({ ...longOnTopic, promptIsTagList: true }, MINILM_CALIBRATION)).toBe(1);
    // ...a list longer than the prompt is padding (decision 024)...
    const padded = { ...longOnTopic, promptIsTagList: true, promptContentWords: 7 };
    expect(offTopicPenalty(padded, MINILM_CALIBRATION)).toBeCloseTo(1 / (1 + 5 * MINILM_CALIBRATION.listLengthRate), 10);
    // ...and a short tag-list prompt still leaves listFreeWords free.
    expect(offTopicPenalty({ ...padded, promptContentWords: 3, guessContentWords: 6 }, MINILM_CALIBRATION)).toBe(1);
    expect(offTopicPenalty(padded, { ...MINILM_CALIBRATION, tagListPaddingFromPrompt: false })).toBe(1);
  });

  it('MiniLM: unrelated cosines below 0.27 keep their order at the bottom but stay under 5 %', () => {
    const bottom = [0.05, 0.15, 0.25].map((cosine) => calibratedScore(cosine, noOverlap, MINILM_CALIBRATION));
    bottom.forEach((s, i) => i > 0 && expect(s).toBeGreaterThan(bottom[i - 1]));
    expect(bottom.at(-1)).toBeLessThanOrEqual(5);
    expect(calibratedScore(-0.1, noOverlap, MINILM_CALIBRATION)).toBe(0);
  });

  it('a guess closer to the leading clause of a long prompt is lifted toward that cosine, never lowered', () => {
    const params = MINILM_CALIBRATION;
    expect(params.leadingClauseWeight).toBeGreaterThan(0);
    expect(effectiveCosine(0.6, undefined, params)).toBe(0.6);
    expect(effectiveCosine(0.6, 0.4, params)).toBe(0.6); // a paraphrase of the whole prompt keeps its cosine
    expect(effectiveCosine(0.6, 0.9, params)).toBeCloseTo(0.6 + params.leadingClauseWeight * 0.3, 10);
    expect(effectiveCosine(0.6, 0.9, { ...params, leadingClauseWeight: 0 })).toBe(0.6);
    // Non-decreasing in both cosines, and the score with it.
    for (const cosine of [0.2, 0.5, 0.7]) {
      const lifted = [0, 0.3, 0.6, 0.9].map((clause) => calibratedScore(cosine, noOverlap, params, clause));
      lifted.forEach((s, i) => i > 0 && expect(s).toBeGreaterThanOrEqual(lifted[i - 1]));
      expect(calibratedScore(cosine + 0.1, noOverlap, params, 0.9)).toBeGreaterThanOrEqual(calibratedScore(cosine, noOverlap, params, 0.9));
    }
    expect(calibratedScore(0.6, noOverlap, params, 0.9)).toBeGreaterThan(calibratedScore(0.6, noOverlap, params));
  });

  it('the clause lift stops at leadingClauseCap, and never lowers a cosine already above it', () => {
    const params = MINILM_CALIBRATION;
    expect(params.leadingClauseCap).toBeLessThan(0.84); // below the paraphrase band
    expect(effectiveCosine(0.7, 0.95, params)).toBe(params.leadingClauseCap);
    expect(effectiveCosine(0.8, 0.95, params)).toBe(0.8);
    expect(effectiveCosine(0.5, 0.7, params)).toBeCloseTo(0.6, 10); // under the cap: the lift as before
    for (const cosine of grid.filter((_, i) => i % 10 === 0)) {
      const lifted = [0, 0.5, 0.74, 0.76, 0.9, 1].map((clause) => effectiveCosine(cosine, clause, params));
      lifted.forEach((c, i) => i > 0 && expect(c).toBeGreaterThanOrEqual(lifted[i - 1]));
      expect(effectiveCosine(cosine + 0.01, 0.9, params)).toBeGreaterThanOrEqual(effectiveCosine(cosine, 0.9, params));
    }
  });

  it("a prompt with style or jargon: the cosine moves toward the guess's cosine with what the picture shows", () => {
    const params = MINILM_CALIBRATION;
    expect(effectiveCosine(0.6, undefined, params, undefined)).toBe(0.6);
    // Naming only the medium ("an oil painting"): far from the content view, so it drops.
    expect(effectiveCosine(0.6, undefined, params, 0.2)).toBeCloseTo(0.6 - params.contentViewDrop * 0.4, 10);
    // Naming the subject: closer to the content view, so it rises.
    expect(effectiveCosine(0.6, undefined, params, 0.8)).toBeCloseTo(0.6 + params.contentViewLift * 0.2, 10);
    expect(params.contentViewLift).toBeLessThanOrEqual(params.contentViewDrop);
    // Non-decreasing in both cosines, and the score with them.
    for (const cosine of [0.2, 0.5, 0.7]) {
      const scores = [0, 0.3, 0.6, 0.9].map((content) => calibratedScore(cosine, noOverlap, params, undefined, content));
      scores.forEach((s, i) => i > 0 && expect(s).toBeGreaterThanOrEqual(scores[i - 1]));
      expect(calibratedScore(cosine + 0.1, noOverlap, params, 0.9, 0.5)).toBeGreaterThanOrEqual(
        calibratedScore(cosine, noOverlap, params, 0.9, 0.5),
      );
    }
    expect(effectiveCosine(0.6, undefined, { ...params, contentViewDrop: 0, contentViewLift: 0 }, 0.2)).toBe(0.6);
  });

  it('long prompts add up to longPromptOffset to the similarity, growing with the prompt, nothing for short ones', () => {
    const params = MINILM_CALIBRATION;
    const at = (promptContentWords: number) => combinedSimilarity(0.6, { ...noOverlap, promptContentWords }, params);
    expect(at(5)).toBe(0.6);
    expect(at(params.longPromptFromWords)).toBe(0.6);
    expect(at(12)).toBeGreaterThan(0.6);
    expect(at(params.longPromptFullWords)).toBeCloseTo(0.6 + params.longPromptOffset, 10);
    expect(at(40)).toBeCloseTo(0.6 + params.longPromptOffset, 10);
    // The top knot sits at the largest reachable similarity, so the top stays unflat on long prompts too.
    const perfect = { ...noOverlap, recall: 1, precision: 1, namesHeadNoun: true, offTopicWords: 0, promptContentWords: 20 };
    expect(combinedSimilarity(1, perfect, params, 1)).toBeLessThanOrEqual(params.knots.at(-1)![0] + 1e-9);
    expect(calibratedScore(0.97, perfect, params, 1)).toBeLessThan(calibratedScore(0.99, perfect, params, 1));
  });

  it('penalises only long lists of off-topic words, more the longer they are', () => {
    const base = { ...noOverlap, promptContentWords: 6 };
    expect(offTopicPenalty({ ...base, offTopicWords: 6 }, OPENAI_DEFAULT_CALIBRATION)).toBe(1);
    const p10 = offTopicPenalty({ ...base, offTopicWords: 10 }, OPENAI_DEFAULT_CALIBRATION);
    const p15 = offTopicPenalty({ ...base, offTopicWords: 15 }, OPENAI_DEFAULT_CALIBRATION);
    expect(p10).toBeLessThan(1);
    expect(p15).toBeLessThan(p10);
    expect(p15).toBeGreaterThan(0);
  });

  it('exact-match key ignores case, whitespace and punctuation', () => {
    expect(exactMatchKey('  A cat, on a   COUCH! ')).toBe(exactMatchKey('a cat on a couch'));
    expect(exactMatchKey('a cat on a couch')).not.toBe(exactMatchKey('a cat on a bed'));
  });

  it('picks parameters by embedder id', () => {
    expect(calibrationFor('an-unknown-model')).toBe(OPENAI_DEFAULT_CALIBRATION);
    expect(calibrationFor('minilm-l6-v2')).toBe(MINILM_CALIBRATION);
    expect(calibrationFor('minilm-l6-v2-int8')).toBe(MINILM_CALIBRATION);
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
    expect(overlap.namesHeadNoun).toBe(true); // "kids" is a true synonym of the head noun "children"
    expect(lexicalOverlap('two children building a sandcastle on a sunny beach', 'goats making a sand castle').namesHeadNoun).toBe(false);
    const spam = lexicalOverlap(
      'a panda eating bamboo in a misty forest',
      'panda china bear animal black white cute zoo leaves green jungle',
    );
    expect(spam.namesHeadNoun).toBe(true);
    expect(spam.precision).toBeLessThan(0.2);
    expect(spam.offTopicWords).toBe(10);
  });
});

describe('leading clause of a long prompt', () => {
  it('is the text before the first comma, without a framing prefix', () => {
    expect(
      leadingClause(
        'a cozy little bookshop on a rainy evening, warm yellow light glowing from the windows, a black cat sleeping on a stack of books',
      ),
    ).toBe('a cozy little bookshop on a rainy evening');
    expect(leadingClause('a high quality photo of an astronaut riding a horse, on the moon, stars and earth in the sky behind, 8k')).toBe(
      'an astronaut riding a horse',
    );
  });

  it('is cut at a phrase boundary when the first clause runs on', () => {
    const clause = leadingClause(
      'a family of ducks crossing a busy city road while a police officer stops the traffic for them, yellow taxis waiting',
    );
    expect(clause).toBe('a family of ducks crossing a busy city road');
  });

  it('does not exist for short prompts, tag lists, or when the first clause is most of the prompt', () => {
    expect(leadingClause('a golden retriever puppy sleeping in a basket of laundry')).toBeUndefined();
    expect(
      leadingClause('portrait, elderly woman, knitted shawl, soft window light, film grain, 85mm, bokeh, muted colors, grain'),
    ).toBeUndefined();
    expect(leadingClause('a red vintage car parked in front of a pink house, sunny afternoon light')).toBeUndefined();
  });
});

describe('content view of a prompt (what the picture shows)', () => {
  it('drops the framing prefix, style and camera-jargon segments, artist credits and style references', () => {
    expect(contentView('oil painting of a ship in a stormy sea, dramatic lighting')).toBe('a ship in a stormy sea');
    expect(contentView('a vase of sunflowers on a windowsill, oil painting in the style of van gogh')).toBe(
      'a vase of sunflowers on a windowsill',
    );
    expect(contentView('portrait, elderly woman, knitted shawl, soft window light, film grain, 85mm, bokeh')).toBe(
      'elderly woman, knitted shawl, soft window light',
    );
    expect(contentView('samurai under a waterfall, ukiyo-e style, by hokusai')).toBe('samurai under a waterfall');
    expect(contentView('a knight, shallow depth of field, 8k, trending on artstation')).toBe('a knight');
    expect(contentView('a charcoal sketch of an elderly woman')).toBe('an elderly woman');
  });

  it('does not exist when nothing would be removed, or nothing would be left', () => {
    expect(contentView('a golden retriever puppy sleeping in a basket of laundry')).toBeUndefined();
    expect(contentView('red fox in snow')).toBeUndefined();
    expect(contentView('oil painting, 8k, cinematic')).toBeUndefined();
    // "of" after content words is not a framing prefix.
    expect(contentView('a bowl of ramen')).toBeUndefined();
  });
});

describe('synonyms', () => {
  it('uses the most frequent sense only, both ways round', () => {
    expect(synonymsOf('kid')).toContain('child');
    expect(synonymsOf('kids')).toContain('child');
    expect(synonymsOf('little')).toContain('small');
    expect(synonymsOf('small')).toContain('little');
    expect(synonymsOf('dog')).not.toContain('chase'); // the verb "to dog" is not how the word is mostly used
    expect(synonymsOf('horse')).not.toContain('house');
  });

  it('rewrites a guess word the prompt lacks into the prompt word it is a synonym of, and nothing else', () => {
    const prompt = new Set(['child', 'small', 'beach'].map(stemWord));
    expect(alignSynonymsToPrompt(prompt, ['kids', 'little', 'beach', 'castle'])).toEqual(['child', 'small', 'beach', 'castle']);
    expect(alignSynonymsToPrompt(new Set(['kid'].map(stemWord)), ['kid'])).toEqual(['kid']);
  });

  it('a list of true synonyms is on-topic, a list of loosely related words is not', () => {
    const prompt = 'two children building a sandcastle on a sunny beach';
    const synonyms = lexicalOverlap(prompt, 'kids sandcastle seaside beach');
    const related = lexicalOverlap(prompt, 'bucket spade summer holiday');
    expect(synonyms.offTopicWords).toBeLessThan(related.offTopicWords);
    expect(lexicalOverlap(prompt, 'kids on the beach').recall).toBeGreaterThan(lexicalOverlap(prompt, 'goats on the beach').recall);
  });

  it('a more specific guess word counts as the prompt word, a vaguer one does not (decision 024)', () => {
    expect(broaderWordsOf('stallion')).toContain('horse');
    expect(broaderWordsOf('sneakers')).toContain('shoe');
    expect(broaderWordsOf('horse')).not.toContain('stallion');
    expect(alignSynonymsToPrompt(new Set(['horse'].map(stemWord)), ['stallion'])).toEqual(['horse']);
    expect(alignSynonymsToPrompt(new Set(['stallion'].map(stemWord)), ['horse'])).toEqual(['horse']);
    // Targets are never adjectives: "calf" (a young animal) does not become the prompt's "young".
    expect(alignSynonymsToPrompt(new Set(['young', 'woman'].map(stemWord)), ['calf'])).toEqual(['calf']);
    const prompt = 'a white horse galloping across a meadow';
    expect(lexicalOverlap(prompt, 'a white stallion galloping').recall).toBeGreaterThan(
      lexicalOverlap(prompt, 'a white goat galloping').recall,
    );
  });

  it('an adjective and the noun it is formed from count as one word, both ways round', () => {
    expect(broaderWordsOf('stormy')).toContain('storm');
    expect(broaderWordsOf('storm')).toContain('stormy');
    expect(alignSynonymsToPrompt(new Set(['storm'].map(stemWord)), ['stormy'])).toEqual(['storm']);
    expect(alignSynonymsToPrompt(new Set(['stormy'].map(stemWord)), ['storm'])).toEqual(['stormy']);
    expect(lexicalOverlap('lighthouse in a storm', 'stormy sea with a lighthouse').precision).toBeGreaterThan(
      lexicalOverlap('lighthouse in a storm', 'calm sea with a lighthouse').precision,
    );
  });
});

describe('scoringConfigFrom', () => {
  it('defaults to MiniLM on the native int8 engine, with the pool settings from the env', () => {
    expect(scoringConfigFrom(loadEnv({}))).toEqual({ provider: 'minilm', engine: 'onnx-int8', workers: undefined, queueLimit: undefined });
    expect(scoringConfigFrom(loadEnv({ SCORING_ENGINE: 'onnx' }))).toMatchObject({ provider: 'minilm', engine: 'onnx' });
    expect(scoringConfigFrom(loadEnv({ SCORING_ENGINE: 'wasm', SCORING_WORKERS: '3', SCORING_QUEUE_LIMIT: '20' }))).toEqual({
      provider: 'minilm',
      engine: 'wasm',
      workers: 3,
      queueLimit: 20,
    });
    // USE-lite was removed (docs/decisions/034-use-lite-removed.md): a deployment still naming it is told at start-up.
    expect(() => loadEnv({ SCORING_PROVIDER: 'use-lite' })).toThrow(/SCORING_PROVIDER/);
    expect(() => loadEnv({ SCORING_WORKERS: '0' })).toThrow(/SCORING_WORKERS/);
    expect(() => loadEnv({ SCORING_ENGINE: 'gpu' })).toThrow(/SCORING_ENGINE/);
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
    const env = loadEnv({
      SCORING_PROVIDER: 'openai',
      OPENAI_BASE_URL: 'http://127.0.0.1:9/v1',
      OPENAI_API_KEY: 'k',
      OPENAI_EMBEDDING_MODEL: 'm',
    });
    expect(scoringConfigFrom(env)).toEqual({ provider: 'openai', baseUrl: 'http://127.0.0.1:9/v1', apiKey: 'k', model: 'm' });
  });
  it('an unknown provider is refused by loadEnv, naming the variable', () => {
    expect(() => loadEnv({ SCORING_PROVIDER: 'bert' })).toThrow(/SCORING_PROVIDER/);
  });
});
