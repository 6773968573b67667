/** The real use-lite model end to end: calibration properties, batching, and the `npm run score` CLI. */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { createScorer, type Scorer } from './scorer';

let scorer: Scorer;
beforeAll(async () => {
  scorer = await createScorer({ provider: 'use-lite' });
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

describe('Scorer (use-lite)', () => {
  it('identifies its embedder and returns unit vectors', async () => {
    expect(scorer.embedderId).toBe('use-lite');
    const [vector] = await scorer.embed(['a cat']);
    expect(vector).toHaveLength(512);
    expect(Math.hypot(...vector)).toBeCloseTo(1, 5);
  });

  it('gives 100 to the exact prompt, ignoring case, whitespace and punctuation', async () => {
    for (const { prompt } of CASES) {
      expect(await scorer.score({ prompt, guess: prompt })).toBe(100);
      expect(await scorer.score({ prompt, guess: `  ${prompt.toUpperCase().replace(/ /g, '  ')}!!` })).toBe(100);
    }
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

  it('scores a batch exactly like one-by-one, with or without a stored prompt embedding', async () => {
    const inputs = CASES.flatMap((c) => [c.paraphrase, c.mainSubject, c.unrelated, c.keywordDump, ''].map((guess) => ({ prompt: c.prompt, guess })));
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

  it('rejects a stored embedding from a different model', async () => {
    await expect(scorer.score({ prompt: 'a cat', promptEmbedding: [1, 0, 0], guess: 'a dog' })).rejects.toThrow(/length mismatch/);
  });
});

describe('npm run score (scripts/score.ts)', () => {
  it('streams one JSON line per input, in order, equal to scoreMany, with errors inline', async () => {
    const pairs = CASES.flatMap((c) => [c.paraphrase, c.mainSubject, c.unrelated].map((guess) => ({ prompt: c.prompt, guess })));
    const lines = [JSON.stringify(pairs[0]), 'not json', ...pairs.slice(1).map((p) => JSON.stringify(p)), '{"prompt": "only a prompt"}', ''];
    const script = fileURLToPath(new URL('../../scripts/score.ts', import.meta.url));
    const child = spawn(process.execPath, ['--import', 'tsx', script], {
      env: { ...process.env, SCORING_PROVIDER: 'use-lite' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.stdin.end(lines.join('\n'));
    const exitCode = await new Promise((resolve) => child.on('close', resolve));
    expect(exitCode, stderr).toBe(0);

    const output = stdout.trim().split('\n').map((line) => JSON.parse(line));
    const expected = await scorer.scoreMany(pairs);
    expect(output).toHaveLength(pairs.length + 2);
    expect(output[0]).toEqual({ score: expected[0] });
    expect(output[1]).toEqual({ error: 'invalid JSON' });
    expect(output.slice(2, -1)).toEqual(expected.slice(1).map((score) => ({ score })));
    expect(output.at(-1).error).toMatch(/guess/);
  });
});
