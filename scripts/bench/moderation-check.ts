// `npm run bench:moderation -- [blocklistTerms=500] [texts=20000]`: how long the public-text check takes per
// display name and per strategy, with the built-in lists plus an organizer blocklist of the given size. Pure CPU:
// the check itself, without the one small query that reads the blocklist.
import { compileTerm, publicTextProblem } from '../../server/players/public-text';
import { summarize } from './bench-server';

const termCount = Number(process.argv[2] ?? 500);
const textCount = Number(process.argv[3] ?? 20000);

const words = [
  'cosmic',
  'otter',
  'pixel',
  'neon',
  'falcon',
  'lucky',
  'dragon',
  'velvet',
  'quantum',
  'painter',
  'sunny',
  'brave',
  'rival',
  'acme',
];
const pick = (i: number) => words[(i * 7919) % words.length];
const blocklist = Array.from({ length: termCount }, (_, i) => compileTerm(`${pick(i)}${pick(i + 3)}${i}`)!);
const names = Array.from({ length: textCount }, (_, i) => `${pick(i)}${pick(i + 1)}${i % 100}`.slice(0, 20));
const strategies = Array.from({ length: textCount / 10 }, (_, i) =>
  Array.from({ length: 40 }, (_, j) => pick(i + j))
    .join(' ')
    .slice(0, 280),
);

function measure(texts: string[]) {
  const samples: number[] = [];
  for (const text of texts) {
    const started = performance.now();
    publicTextProblem(text, blocklist);
    samples.push((performance.now() - started) * 1000);
  }
  return summarize(samples);
}

measure(names.slice(0, 500)); // warm-up
console.log(`public-text check, ${termCount} blocklist terms (microseconds per text):`);
console.log('  display names (≤ 20 chars):', JSON.stringify(measure(names)));
console.log('  strategies (≤ 280 chars)  :', JSON.stringify(measure(strategies)));
