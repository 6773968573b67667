/**
 * The data the scoring benches read (scripts/bench/data/) is part of the repo. From 2de194f until its fix a `data/`
 * line in .gitignore kept it out, so a clone could not run `bench:scoring-eval`, `bench:scoring-tune` or
 * `bench:embedding`: a clean clone (CI's) fails here if that happens again.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const bench = path.resolve(import.meta.dirname, '..', 'scripts', 'bench');

describe('scoring bench data', () => {
  const scripts = readdirSync(bench).filter((name) => name.endsWith('.ts'));
  const named = [
    ...new Set(scripts.flatMap((name) => readFileSync(path.join(bench, name), 'utf8').match(/scoring\.eval-set(?:-\d)?\.json/g) ?? [])),
  ];

  it('the benches name the five eval sets', () => {
    expect(named.sort()).toEqual([
      'scoring.eval-set-2.json',
      'scoring.eval-set-3.json',
      'scoring.eval-set-4.json',
      'scoring.eval-set-5.json',
      'scoring.eval-set.json',
    ]);
  });

  it('every eval set a bench names is in the repo, with prompts and graded guesses', () => {
    for (const file of named) {
      const full = path.join(bench, 'data', file);
      expect(existsSync(full), file).toBe(true);
      const { prompts } = JSON.parse(readFileSync(full, 'utf8')) as { prompts: Array<Record<string, unknown>> };
      expect(prompts.length, file).toBeGreaterThanOrEqual(20);
      for (const prompt of prompts) {
        expect(typeof prompt.prompt, file).toBe('string');
        expect(Array.isArray(prompt['same-meaning']) && Array.isArray(prompt.unrelated), `${file}: ${prompt.prompt}`).toBe(true);
      }
    }
  });
});
