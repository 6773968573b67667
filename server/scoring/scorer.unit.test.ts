/** The real default model (MiniLM) end to end: the scoring rules, batching, and the `npm run score` CLI. */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MINILM_CALIBRATION } from './calibration';
import type { Embedder } from './embedder';
import { contentView, leadingClause } from './scoring.lexical';
import { createScorer, createScorerFromEmbedder, prepareForEmbedding, type Scorer } from './scorer';

let scorer: Scorer;
beforeAll(async () => {
  scorer = await createScorer({ provider: 'minilm', workers: 1 });
});
afterAll(async () => {
  await scorer.close();
});

const CASES = [
  {
    prompt: 'a high quality photo of an astronaut riding a horse on the moon',
    paraphrase: 'a photo of an astronaut on horseback on the moon',
    mainSubject: 'an astronaut on a horse',
    unrelated: 'a bowl of ramen with chopsticks',
    keywordDump: 'astronaut horse moon space rocket stars galaxy planet nasa helmet saddle cowboy night sky',
  },
  {
    prompt: 'a golden retriever puppy sleeping in a basket of laundry',
    paraphrase: 'a golden retriever pup asleep in a laundry basket',
    mainSubject: 'a sleeping puppy',
    unrelated: 'a volcano erupting at night',
    keywordDump: 'dog pet cute fluffy animal clothes towels washing machine soft cozy blanket nap home',
  },
  {
    prompt: 'a polar bear standing on melting sea ice',
    paraphrase: 'a polar bear on melting ice floes',
    mainSubject: 'a polar bear',
    unrelated: 'a tea party',
    keywordDump: 'polar bear arctic snow white animal cold climate change water north pole glacier winter',
  },
];

describe('Scorer (MiniLM, the default)', () => {
  it('identifies its embedder and returns unit vectors', async () => {
    expect(scorer.embedderId).toBe('minilm-l6-v2-int8');
    const [vector] = await scorer.embed(['a cat']);
    expect(vector).toHaveLength(384);
    expect(Math.hypot(...vector)).toBeCloseTo(1, 5);
  });

  it('gives 100 to the exact prompt only, ignoring case, whitespace and punctuation', async () => {
    for (const { prompt } of CASES) {
      expect(await scorer.score({ prompt, guess: prompt })).toBe(100);
      expect(await scorer.score({ prompt, guess: `  ${prompt.toUpperCase().replace(/ /g, '  ')}!!` })).toBe(100);
      // One word less, or one synonym, is near-perfect but not 100.
      const nearlyExact = await scorer.scoreMany(
        [prompt.split(' ').slice(0, -1).join(' '), prompt.replace(/^an? /, 'the ')].map((guess) => ({ prompt, guess })),
      );
      for (const score of nearlyExact) expect(score).toBeLessThan(100);
    }
  });

  it('spreads different near-perfect guesses over the 90s instead of tying them', async () => {
    const prompt = 'a high quality photo of an astronaut riding a dragon in space';
    const guesses = [
      'a photo of an astronaut riding a dragon in space',
      'astronaut riding a dragon in space',
      'a high quality photo of an astronaut riding a dragon',
    ];
    const scores = await scorer.scoreMany(guesses.map((guess) => ({ prompt, guess })));
    expect(new Set(scores).size).toBe(guesses.length);
    for (const score of scores) expect(score).toBeGreaterThanOrEqual(85);
  });

  it('counts typos and spelling variants of content words as those words, in both directions', async () => {
    const prompt = 'a high quality photo of an astronaut riding a dragon in space';
    const [typo, correct] = await scorer.scoreMany(
      ['astronut riding a dargon', 'astronaut riding a dragon'].map((guess) => ({ prompt, guess })),
    );
    expect(typo).toBe(correct);
    // The pack misspells, the player does not (and the other way round): no points lost either way.
    const [pondA, pondB] = await scorer.scoreMany([
      { prompt: 'pond with waterlillies', guess: 'pond with waterlilies' },
      { prompt: 'pond with waterlilies', guess: 'pond with waterlillies' },
    ]);
    expect(pondA).toBeGreaterThanOrEqual(95);
    expect(pondB).toBeGreaterThanOrEqual(95);
    expect(await scorer.score({ prompt: 'pond with waterlilies', guess: 'pond with water lilies' })).toBeGreaterThanOrEqual(95);
  });

  it('a terse precise guess is not capped like a dump, and a padded keyword list never beats the main subject', async () => {
    const c = CASES[1];
    const [terse, mainSubject, onTopicDump, shortDump] = await scorer.scoreMany(
      [
        'golden retriever puppy sleeping laundry basket',
        'a golden retriever puppy',
        'golden retriever puppy dog laundry basket sleeping clothes cute pet fluffy towels home',
        'puppy laundry dog clothes cute pet',
      ].map((guess) => ({ prompt: c.prompt, guess })),
    );
    expect(terse).toBeGreaterThanOrEqual(85);
    expect(onTopicDump).toBeLessThan(mainSubject);
    expect(shortDump).toBeLessThan(mainSubject);
  });

  it('a tag-list prompt still charges off-topic tags, but not a tag-style guess its length', async () => {
    const prompt = 'cozy cabin interior, fireplace, snow outside, warm lighting, wooden beams';
    const [onTopicTags, paddedTags, mainSubject] = await scorer.scoreMany(
      [
        'cabin interior, fireplace, snow outside, wooden beams, warm lighting',
        'cabin, fireplace, snow, wood, christmas, presents, santa, stockings, candles, family, holiday, cocoa',
        'a cozy cabin with a fireplace',
      ].map((guess) => ({ prompt, guess })),
    );
    expect(onTopicTags).toBeGreaterThanOrEqual(85);
    expect(paddedTags).toBeLessThan(mainSubject);
  });

  it('on an art-style prompt, naming only the medium scores below naming the subject; the content view is embedded once per prompt', async () => {
    const prompt = 'oil painting of a ship in a stormy sea, dramatic lighting';
    const embedded: string[] = [];
    const boundedTexts: string[] = [];
    const spy: Embedder = {
      id: scorer.embedderId,
      embed: (texts, options) => (embedded.push(...texts), options?.bounded && boundedTexts.push(...texts), scorer.embed(texts)),
    };
    const withView = createScorerFromEmbedder(spy);
    const [styleOnly, mainSubject, paraphrase] = await withView.scoreMany(
      ['an oil painting', 'a ship at sea', 'painting of a sailing ship caught in a storm at sea'].map((guess) => ({ prompt, guess })),
    );
    await withView.score({ prompt, guess: 'a boat in a storm' });
    expect(mainSubject).toBeGreaterThan(styleOnly);
    expect(paraphrase).toBeGreaterThan(mainSubject);
    const view = prepareForEmbedding(contentView(prompt)!);
    expect(embedded.filter((text) => text === view)).toHaveLength(1);
    expect(boundedTexts).not.toContain(view);
    const without = createScorerFromEmbedder(spy, { ...MINILM_CALIBRATION, contentViewDrop: 0, contentViewLift: 0 });
    expect(await without.score({ prompt, guess: 'an oil painting' })).toBeGreaterThan(styleOnly);
  });

  it('a tag-list prompt accepts a guess written as tags', async () => {
    const prompt = 'portrait, elderly woman, knitted shawl, soft window light, film grain, 85mm, bokeh';
    const [tags, phrase, unrelated] = await scorer.scoreMany(
      ['elderly woman, knitted shawl, window light, film grain', 'a portrait of an old woman', 'race car, pit stop, mechanics'].map(
        (guess) => ({ prompt, guess }),
      ),
    );
    expect(tags).toBeGreaterThan(phrase);
    expect(tags).toBeGreaterThanOrEqual(80);
    expect(unrelated).toBeLessThanOrEqual(10);
  });

  it('orders paraphrase >= 85 > main subject > keyword dump, unrelated <= 10', async () => {
    for (const c of CASES) {
      const [paraphrase, mainSubject, unrelated, keywordDump] = await scorer.scoreMany(
        [c.paraphrase, c.mainSubject, c.unrelated, c.keywordDump].map((guess) => ({ prompt: c.prompt, guess })),
      );
      expect(paraphrase, c.paraphrase).toBeGreaterThanOrEqual(85);
      expect(unrelated, c.unrelated).toBeLessThanOrEqual(10);
      expect(mainSubject, c.mainSubject).toBeGreaterThan(30);
      expect(mainSubject, c.mainSubject).toBeLessThan(paraphrase);
      expect(keywordDump, c.keywordDump).toBeLessThan(mainSubject);
    }
  });

  it('judges a long prompt against its leading clause too, embedding that clause once per prompt, never per guess', async () => {
    const prompt =
      'a lighthouse keeper carrying a lantern up a spiral staircase at night, rain lashing the windows, the beam sweeping over a stormy sea, moody oil painting';
    const shortPrompt = 'a lighthouse keeper carrying a lantern up a spiral staircase';
    const mainSubject = 'a lighthouse keeper climbing the stairs with a lantern';
    const paraphrase =
      'oil painting of a lighthouse keeper with a lantern climbing spiral stairs at night while rain beats on the windows and the light sweeps a stormy sea';
    // A spy around the real model (not a fake): it records what is embedded.
    const embedded: string[] = [];
    const boundedTexts: string[] = [];
    const spy: Embedder = {
      id: scorer.embedderId,
      embed: (texts, options) => (embedded.push(...texts), options?.bounded && boundedTexts.push(...texts), scorer.embed(texts)),
    };
    const withClause = createScorerFromEmbedder(spy);
    const withoutClause = createScorerFromEmbedder(spy, { ...MINILM_CALIBRATION, leadingClauseWeight: 0 });

    const [lifted, paraphraseScore] = [
      await withClause.score({ prompt, guess: mainSubject }),
      await withClause.score({ prompt, guess: paraphrase }),
    ];
    await withClause.score({ prompt, guess: 'a stormy sea at night' });
    const clause = prepareForEmbedding(leadingClause(prompt)!);
    expect(embedded.filter((text) => text === clause)).toHaveLength(1);
    // The clause is the prompt's work: it never takes a guess's place in the scorer's bounded queue.
    expect(boundedTexts).not.toContain(clause);
    expect(boundedTexts).toContain(prepareForEmbedding(mainSubject));

    const unlifted = await withoutClause.score({ prompt, guess: mainSubject });
    const onShortPrompt = await withClause.score({ prompt: shortPrompt, guess: mainSubject });
    expect(lifted).toBeGreaterThan(unlifted);
    expect(Math.abs(lifted - onShortPrompt)).toBeLessThan(15); // the same guess lands in the same band on both prompts
    expect(paraphraseScore).toBeGreaterThan(lifted);
  });

  it('scores a batch exactly like one-by-one, with or without a stored prompt embedding', async () => {
    const inputs = CASES.flatMap((c) =>
      [c.paraphrase, c.mainSubject, c.unrelated, c.keywordDump, ''].map((guess) => ({ prompt: c.prompt, guess })),
    );
    const batched = await scorer.scoreMany(inputs);
    const single = [];
    for (const input of inputs) single.push(await scorer.score(input));
    expect(single).toEqual(batched);

    const promptEmbeddings = await scorer.embed(CASES.map((c) => c.prompt));
    const withStored = await scorer.scoreMany(
      inputs.map((input) => ({ ...input, promptEmbedding: promptEmbeddings[CASES.findIndex((c) => c.prompt === input.prompt)] })),
    );
    expect(withStored).toEqual(batched);
    expect(batched.filter((_, i) => inputs[i].guess === '')).toEqual([0, 0, 0]);
  });

  it("with a challenge's stored vectors a guess costs one model input and scores the same as without them", async () => {
    const longArtPrompt =
      'an oil painting of a lighthouse keeper carrying a lantern up a spiral staircase at night, rain lashing the windows, dramatic lighting, trending on artstation';
    const prompts = [longArtPrompt, 'a ship in a stormy sea, watercolor', 'a polar bear standing on melting sea ice'];
    const stored = await scorer.embedPrompts(prompts);
    // Every view the rules compare a guess with is stored, keyed by its text; a plain short prompt has none.
    expect(Object.keys(stored[0].views).sort()).toEqual(
      [leadingClause(longArtPrompt)!, contentView(longArtPrompt)!].map(prepareForEmbedding).sort(),
    );
    expect(Object.keys(stored[1].views)).toEqual([prepareForEmbedding(contentView(prompts[1])!)]);
    expect(stored[2].views).toEqual({});
    expect(stored[0].embedding).toHaveLength(384);
    prompts.forEach((prompt, i) => expect(scorer.hasAllViews(prompt, stored[i].views)).toBe(true));
    // Views made before a rule change, or never made, are not complete: the game recomputes them once.
    expect(scorer.hasAllViews(longArtPrompt, { 'an older clause text': stored[0].embedding })).toBe(false);
    expect(scorer.hasAllViews(longArtPrompt, null)).toBe(false);
    expect(scorer.hasAllViews(prompts[2], {})).toBe(true);

    const embedded: string[][] = [];
    const spy: Embedder = { id: scorer.embedderId, embed: (texts) => (embedded.push(texts), scorer.embed(texts)) };
    const inputs = [
      { prompt: prompts[0], guess: 'a lighthouse keeper climbing stairs with a lamp' },
      { prompt: prompts[0], guess: 'an oil painting' },
      { prompt: prompts[1], guess: 'a boat in a storm' },
      { prompt: prompts[2], guess: 'a polar bear' },
    ];
    const withStored = createScorerFromEmbedder(spy);
    const scores: number[] = [];
    for (const input of inputs) {
      const vectors = stored[prompts.indexOf(input.prompt)];
      scores.push(await withStored.score({ ...input, promptEmbedding: vectors.embedding, promptViews: vectors.views }));
    }
    // One call per guess, holding the guess alone.
    expect(embedded).toEqual(inputs.map((input) => [prepareForEmbedding(input.guess)]));
    // A fresh scorer without stored vectors embeds the prompt and its views itself, and agrees on every score.
    const fresh = createScorerFromEmbedder({ id: scorer.embedderId, embed: (texts) => scorer.embed(texts) });
    for (const [i, input] of inputs.entries()) expect(await fresh.score(input), input.guess).toBe(scores[i]);
  });

  it('rejects a stored embedding from a different model', async () => {
    await expect(scorer.score({ prompt: 'a cat', promptEmbedding: [1, 0, 0], guess: 'a dog' })).rejects.toThrow(/length mismatch/);
  });
});

describe('npm run score (scripts/score.ts)', () => {
  it('streams one JSON line per input, in order, equal to scoreMany, with errors inline', async () => {
    const pairs = CASES.flatMap((c) => [c.paraphrase, c.mainSubject, c.unrelated].map((guess) => ({ prompt: c.prompt, guess })));
    const lines = [
      JSON.stringify(pairs[0]),
      'not json',
      ...pairs.slice(1).map((p) => JSON.stringify(p)),
      '{"prompt": "only a prompt"}',
      '',
    ];
    const script = fileURLToPath(new URL('../../scripts/score.ts', import.meta.url));
    const child = spawn(process.execPath, ['--import', 'tsx', script], {
      env: { ...process.env, SCORING_PROVIDER: 'minilm', SCORING_WORKERS: '1' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.stdin.end(lines.join('\n'));
    const exitCode = await new Promise((resolve) => child.on('close', resolve));
    expect(exitCode, stderr).toBe(0);

    const output = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    const expected = await scorer.scoreMany(pairs);
    expect(output).toHaveLength(pairs.length + 2);
    expect(output[0]).toEqual({ score: expected[0] });
    expect(output[1]).toEqual({ error: 'invalid JSON' });
    expect(output.slice(2, -1)).toEqual(expected.slice(1).map((score) => ({ score })));
    expect(output.at(-1).error).toMatch(/guess/);
  });
});
