import { describe, expect, it } from 'vitest';
import { adjectives, displayNameProblem, generateDisplayName, nouns, publicTextProblem, suggestedDisplayName } from './display-name';

describe('generated display names', () => {
  it('every combination fits in 20 characters and passes the filter', () => {
    for (const adjective of adjectives) {
      for (const noun of nouns) {
        const longest = `${adjective}${noun}99`;
        expect(longest.length, longest).toBeLessThanOrEqual(20);
        expect(displayNameProblem(longest), longest).toBeNull();
      }
    }
  });

  it('look like CosmicOtter42 and vary', () => {
    const names = Array.from({ length: 200 }, generateDisplayName);
    for (const name of names) expect(name).toMatch(/^[A-Z][a-z]+[A-Z][a-z]+\d{1,2}$/);
    expect(new Set(names).size).toBeGreaterThan(150);
  });
});

describe('the offensive-name filter', () => {
  it.each(['fuck', 'ShitHead99', 'f u c k', 'f.u.c.k', 'PussyCat', 'Nova\u202eevil', 'tab\there'])('refuses %j', (name) => {
    expect(displayNameProblem(name)).toEqual(expect.any(String));
  });
  it.each(['Scunthorpe', 'Grass Hopper', 'Dickens', 'CocktailFan', 'Analyst7', 'Ada Lovelace', 'Zoë 🚀'])('accepts %j', (name) => {
    expect(displayNameProblem(name)).toBeNull();
  });
});

describe('the public-text filter (names and the champion strategy share it)', () => {
  it.each([
    'Use the text, then the analysis',
    'Describe the subject first, then the style: oil painting, watercolor, pixel art.',
    'Go big: the analyst in me says name the main thing, then its colors.',
    'A B C: always be concise',
  ])('accepts the sentence %j', (text) => {
    expect(publicTextProblem(text)).toBeNull();
  });
  it.each(['f u c k', 'f.u.c.k', 'f-u-c-k', 'tips: s h i t works', 'f u ck'])('refuses spaced-out letters %j', (text) => {
    expect(publicTextProblem(text)).toBe('offensive');
  });
  it.each(['f\u200bu\u200bc\u200bk', 'fu\u200dck', 'nice\u202etxet'])('refuses zero-width and bidi tricks %j', (text) => {
    expect(publicTextProblem(text)).toBe('invisible-characters');
  });
});

describe('names suggested from the sign-in profile', () => {
  it('uses the name only when 1–20 characters after trimming and clean', () => {
    expect(suggestedDisplayName('  Ada Lovelace ')).toBe('Ada Lovelace');
    expect(suggestedDisplayName('Maximilian Alexander Grünewald')).toBeNull();
    expect(suggestedDisplayName('')).toBeNull();
    expect(suggestedDisplayName('   ')).toBeNull();
    expect(suggestedDisplayName(null)).toBeNull();
    expect(suggestedDisplayName('Shit Head')).toBeNull();
  });
});
