/** Display names appear on a public screen: fun generated ones, and the moderation messages players see. */
import { randomInt } from 'node:crypto';
import { MAX_DISPLAY_NAME_LENGTH } from '@contracts/game.rules';
import { publicTextProblem, type CompiledTerm, type PublicTextProblem } from './public-text';

export { publicTextProblem } from './public-text';

const nameMessages: Record<PublicTextProblem, string> = {
  'invisible-characters': 'Display names cannot contain invisible or control characters.',
  'no-visible-letters': 'A display name needs visible letters or digits.',
  link: 'Display names cannot contain links, web addresses, handles or phone numbers.',
  offensive: 'That display name is not allowed: it will appear on a public leaderboard. Please choose another.',
  // Same words as 'offensive': a player never learns what the organizer's list holds.
  blocked: 'That display name is not allowed: it will appear on a public leaderboard. Please choose another.',
};

/** Why a (trimmed) name may not be used, as the message the player sees, or null when it is fine. */
export function displayNameProblem(name: string, blocklist: readonly CompiledTerm[] = []): string | null {
  const problem = publicTextProblem(name, blocklist);
  return problem ? nameMessages[problem] : null;
}

/** The sign-in profile's name, when it can be used as is. */
export function suggestedDisplayName(profileName: string | null | undefined): string | null {
  const name = (profileName ?? '').trim();
  if (name.length < 1 || name.length > MAX_DISPLAY_NAME_LENGTH) return null;
  return displayNameProblem(name) ? null : name;
}

export const adjectives = [
  'Cosmic',
  'Pixel',
  'Neon',
  'Lucky',
  'Clever',
  'Swift',
  'Witty',
  'Brave',
  'Sunny',
  'Quantum',
  'Velvet',
  'Turbo',
  'Mystic',
  'Jolly',
  'Nimble',
  'Dreamy',
  'Funky',
  'Stellar',
  'Fuzzy',
  'Electric',
  'Golden',
  'Curious',
  'Radiant',
  'Bouncy',
  'Sneaky',
  'Zesty',
  'Glitchy',
  'Vivid',
  'Dapper',
  'Plucky',
];
export const nouns = [
  'Otter',
  'Panda',
  'Falcon',
  'Lynx',
  'Koala',
  'Comet',
  'Squid',
  'Wizard',
  'Fox',
  'Dragon',
  'Robot',
  'Narwhal',
  'Penguin',
  'Raven',
  'Tiger',
  'Gecko',
  'Badger',
  'Phoenix',
  'Walrus',
  'Octopus',
  'Llama',
  'Yeti',
  'Hedgehog',
  'Dolphin',
  'Sparrow',
  'Muse',
  'Prompter',
  'Painter',
  'Dreamer',
  'Artist',
];

const pick = <T>(list: readonly T[]) => list[randomInt(list.length)];

/** e.g. 'CosmicOtter42': adjective + noun + 1–99, always ≤ 20 characters. */
export function generateDisplayName(): string {
  for (;;) {
    const name = `${pick(adjectives)}${pick(nouns)}${randomInt(1, 100)}`;
    if (name.length <= MAX_DISPLAY_NAME_LENGTH) return name;
  }
}
