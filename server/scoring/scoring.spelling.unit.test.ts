import { describe, expect, it } from 'vitest';
import { isKeywordList, isTagList } from './scoring.lexical';
import { alignSpellingToPrompt, editDistance, sameWordModuloTypos } from './scoring.spelling';

describe('typos and spelling variants', () => {
  it('edit distance counts insertions, deletions, substitutions and swapped neighbours', () => {
    expect(editDistance('dragon', 'dragon')).toBe(0);
    expect(editDistance('dargon', 'dragon')).toBe(1);
    expect(editDistance('astronut', 'astronaut')).toBe(1);
    expect(editDistance('waterlillies', 'waterlilies')).toBe(1);
    expect(editDistance('locomotiv', 'locomotive')).toBe(1);
    expect(editDistance('kitten', 'sitting', 5)).toBe(3);
    expect(editDistance('cat', 'elephant')).toBeGreaterThan(2);
  });

  it('a typo of 1 edit (2 for long words) is the same word; two real words never are', () => {
    expect(sameWordModuloTypos('astronut', 'astronaut')).toBe(true);
    expect(sameWordModuloTypos('surfbord', 'surfboard')).toBe(true);
    expect(sameWordModuloTypos('viaduckt', 'viaduct')).toBe(true);
    expect(sameWordModuloTypos('lighthose', 'lighthouse')).toBe(true);
    expect(sameWordModuloTypos('horse', 'house')).toBe(false); // both dictionary words
    expect(sameWordModuloTypos('cat', 'car')).toBe(false); // too short to guess
    expect(sameWordModuloTypos('astrnt', 'astronaut')).toBe(false); // 3 edits
  });

  it('rewrites misspelt guess words to the prompt spelling, both ways round, compounds included', () => {
    expect(alignSpellingToPrompt('an astronaut riding a dragon in space', 'astronut riding a dargon')).toBe('astronaut riding a dragon');
    // The pack's typo in the prompt: the correct spelling in the guess counts as that word.
    expect(alignSpellingToPrompt('pond with waterlillies', 'pond with waterlilies')).toBe('pond with waterlillies');
    expect(alignSpellingToPrompt('pond with waterlilies', 'pond with waterlillies')).toBe('pond with waterlilies');
    expect(alignSpellingToPrompt('pond with waterlilies', 'pond with water lilies')).toBe('pond with waterlilies');
    expect(alignSpellingToPrompt('pond with water lilies', 'pond with waterlilies')).toBe('pond with water lilies');
    expect(alignSpellingToPrompt('a red double decker bus', 'a red double-decker bus')).toBe('a red double-decker bus'); // same words already
    expect(alignSpellingToPrompt('a red double decker bus', 'a red doubledecker bus')).toBe('a red double decker bus');
    expect(alignSpellingToPrompt('a barista pouring latte art', 'barrista pouring latte art')).toBe('barista pouring latte art');
  });

  it('leaves a correct or unrelated guess untouched', () => {
    expect(alignSpellingToPrompt('a horse in a field', 'a house in a field')).toBe('a house in a field');
    expect(alignSpellingToPrompt('a horse in a field', 'A Horse, in a field!')).toBe('A Horse, in a field!');
    expect(alignSpellingToPrompt('a barista pouring latte art', 'a barber cutting hair')).toBe('a barber cutting hair');
  });
});

describe('keyword lists', () => {
  it('a run of content words without grammar is a list; a phrase is not', () => {
    expect(isKeywordList('astronaut horse moon space rocket stars galaxy')).toBe(true);
    expect(isKeywordList('dog surfboard wave sunglasses beach sand')).toBe(true);
    expect(isKeywordList('golden retriever puppy sleeping laundry basket')).toBe(true); // terse: a list, judged by its words
    expect(isKeywordList('a golden retriever pup asleep in a laundry basket')).toBe(false);
    expect(isKeywordList('an astronaut riding a horse on the moon')).toBe(false);
    expect(isKeywordList('astronaut horse moon')).toBe(false); // too short to be a dump
  });

  it('recognises comma-separated tag lists (prompts and guesses)', () => {
    expect(isTagList('portrait, elderly woman, knitted shawl, soft window light, film grain, 85mm, bokeh')).toBe(true);
    expect(isTagList('cyberpunk samurai, neon rain, katana, tokyo alley, cinematic, 8k')).toBe(true);
    expect(isTagList('a bowl of ramen with a soft boiled egg and chopsticks, studio food photography')).toBe(false);
    expect(isKeywordList('elderly woman, knitted shawl, window light')).toBe(true);
  });

  it('a description written in comma-separated phrases with grammar is not a keyword list (decision 024)', () => {
    const pieces = '1890s railway station, steam engine arriving, passengers in victorian clothes, sunbeams through a glass roof, sepia';
    expect(isTagList(pieces)).toBe(true);
    expect(isKeywordList(pieces)).toBe(false);
    expect(isKeywordList('cyberpunk, market, street, rain, neon, night, crowd, future, city, lights')).toBe(true);
  });
});
