/** Display names appear on a public screen: fun generated ones, and a filter for offensive public text. */
import { randomInt } from 'node:crypto';
import { RegExpMatcher, englishDataset, englishRecommendedTransformers } from 'obscenity';
import { MAX_DISPLAY_NAME_LENGTH } from '@contracts/game.rules';

const profanity = new RegExpMatcher({ ...englishDataset.build(), ...englishRecommendedTransformers });

/** Control and format characters (newlines, zero-width, bidi overrides) would garble the board and hide words. */
const invisibleCharacters = /[\p{Cc}\p{Cf}]/u;

/**
 * Runs of single letters or digits split by spaces or punctuation ('f u c k', 'f.u.c.k'). Only these are joined:
 * joining whole words would glue ordinary sentences into false hits ('the analysis' → 'theanalysis').
 */
const spacedOutLetters = /(?<![\p{L}\p{N}])[\p{L}\p{N}](?:[\s._\-*]+[\p{L}\p{N}](?![\p{L}\p{N}]))+/gu;

/** Why text shown in public (a display name, the champion's strategy) must be refused, or null when it is fine. */
export function publicTextProblem(text: string): 'invisible-characters' | 'offensive' | null {
  if (invisibleCharacters.test(text)) return 'invisible-characters';
  const joined = text.replace(spacedOutLetters, (run) => run.replace(/[\s._\-*]+/g, ''));
  return profanity.hasMatch(text) || profanity.hasMatch(joined) ? 'offensive' : null;
}

/** Why a (trimmed) name may not be used, as the message the player sees, or null when it is fine. */
export function displayNameProblem(name: string): string | null {
  const problem = publicTextProblem(name);
  if (problem === 'invisible-characters') return 'Display names cannot contain invisible or control characters.';
  if (problem === 'offensive') return 'That display name is not allowed: it will appear on a public leaderboard. Please choose another.';
  return null;
}

/** The sign-in profile's name, when it can be used as is. */
export function suggestedDisplayName(profileName: string | null | undefined): string | null {
  const name = (profileName ?? '').trim();
  if (name.length < 1 || name.length > MAX_DISPLAY_NAME_LENGTH) return null;
  return displayNameProblem(name) ? null : name;
}

export const adjectives = [
  'Cosmic', 'Pixel', 'Neon', 'Lucky', 'Clever', 'Swift', 'Witty', 'Brave', 'Sunny', 'Quantum', 'Velvet', 'Turbo',
  'Mystic', 'Jolly', 'Nimble', 'Dreamy', 'Funky', 'Stellar', 'Fuzzy', 'Electric', 'Golden', 'Curious', 'Radiant', 'Bouncy',
  'Sneaky', 'Zesty', 'Glitchy', 'Vivid', 'Dapper', 'Plucky',
];
export const nouns = [
  'Otter', 'Panda', 'Falcon', 'Lynx', 'Koala', 'Comet', 'Squid', 'Wizard', 'Fox', 'Dragon', 'Robot', 'Narwhal',
  'Penguin', 'Raven', 'Tiger', 'Gecko', 'Badger', 'Phoenix', 'Walrus', 'Octopus', 'Llama', 'Yeti', 'Hedgehog', 'Dolphin',
  'Sparrow', 'Muse', 'Prompter', 'Painter', 'Dreamer', 'Artist',
];

const pick = <T>(list: readonly T[]) => list[randomInt(list.length)];

/** e.g. 'CosmicOtter42': adjective + noun + 1–99, always ≤ 20 characters. */
export function generateDisplayName(): string {
  for (;;) {
    const name = `${pick(adjectives)}${pick(nouns)}${randomInt(1, 100)}`;
    if (name.length <= MAX_DISPLAY_NAME_LENGTH) return name;
  }
}
