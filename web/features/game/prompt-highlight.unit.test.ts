import { describe, expect, it } from 'vitest';
import { highlightPrompt, matchedWordCount, wordStem } from './prompt-highlight';

const marked = (prompt: string, guesses: string[]) =>
  highlightPrompt(prompt, guesses)
    .filter((segment) => segment.matched)
    .map((segment) => segment.text);

describe('prompt highlight (the words the player got right)', () => {
  it('marks prompt words any guess used, ignoring case and simple endings', () => {
    expect(marked('A red fox sleeping under the Moon', ['a sleepy fox', 'foxes and the moon'])).toEqual(['fox', 'Moon']);
    expect(marked('Two cats on a glowing boat', ['cat', 'glow boats'])).toEqual(['cats', 'glowing', 'boat']);
  });

  it('never marks little words and keeps the prompt text intact', () => {
    const prompt = 'The castle of the king, at dawn.';
    const segments = highlightPrompt(prompt, ['the of at']);
    expect(segments.every((segment) => !segment.matched)).toBe(true);
    expect(segments.map((segment) => segment.text).join('')).toBe(prompt);
  });

  it('rebuilds the exact prompt from its segments, punctuation and all', () => {
    const prompt = 'Neon-lit ramen stall, rainy Tokyo night — cinematic';
    const segments = highlightPrompt(prompt, ['ramen in tokyo at night']);
    expect(segments.map((segment) => segment.text).join('')).toBe(prompt);
    expect(segments.filter((segment) => segment.matched).map((segment) => segment.text)).toEqual(['ramen', 'Tokyo', 'night']);
    expect(matchedWordCount(segments)).toBe(3);
  });

  it('finds nothing for an unrelated guess', () => {
    expect(marked('A lighthouse in a storm', ['pizza with cheese'])).toEqual([]);
  });

  it('folds endings conservatively', () => {
    expect(wordStem('Cities')).toBe('city');
    expect(wordStem('glass')).toBe('glass');
    expect(wordStem('boxes')).toBe('box');
    expect(wordStem('is')).toBe('is');
  });
});
