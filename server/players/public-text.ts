/**
 * Moderation of text shown on public screens (display names, the champion's strategy): Unicode normalisation
 * (NFKC plus Unicode's confusables skeleton, via `unhomoglyph`), invisible-only names, links, hate symbols and a
 * word list (obscenity's maintained English list, a short built-in list of hate terms, and the organizer's blocklist).
 * Pure functions: the blocklist is passed in (see moderation.service.ts).
 */
import { createRequire } from 'node:module';
import { LinkifyIt } from 'linkify-it';
import { RegExpMatcher, englishDataset, englishRecommendedTransformers } from 'obscenity';
import unhomoglyph from 'unhomoglyph';

export type PublicTextProblem = 'invisible-characters' | 'no-visible-letters' | 'link' | 'offensive' | 'blocked';

const profanity = new RegExpMatcher({ ...englishDataset.build(), ...englishRecommendedTransformers });

/** Control and format characters (newlines, zero-width, bidi overrides) would garble the board and hide words. */
const invisibleCharacters = /[\p{Cc}\p{Cf}]/u;
/** Letters that render as blank space (Hangul fillers, braille blank, Mongolian/Khmer vowel fillers). */
const blankLetters = /[\u115F\u1160\u3164\uFFA0\u2800\u180E\u17B4\u17B5]/gu;
/**
 * Anything that draws nothing: Unicode's default-ignorable code points (Hangul fillers, Khmer inherent vowels,
 * combining grapheme joiner, Mongolian selectors, tags …), the braille blank, and line or paragraph separators.
 * Variation selectors are left out: they only pick an emoji's style ('❤️').
 */
const blankAnywhere = /[\p{Default_Ignorable_Code_Point}\u2800\p{Zl}\p{Zp}]/u;
const blankEverywhere = /[\p{Default_Ignorable_Code_Point}\u2800\p{Zl}\p{Zp}]/gu;
const variationSelectors = /[\uFE00-\uFE0F\u{E0100}-\u{E01EF}]/gu;
/** Zalgo text: stacks of combining marks spill over neighbouring rows on the board. */
const markStack = /\p{M}{3,}/u;
/**
 * A letter with a combining diacritic left over after NFKC (which composes every accented letter a language writes, so
 * 'ệ' is one letter) that carries two or more marks in all: only Zalgo stacks them ('à́', 'Z͑͒'). Marks that scripts
 * need (Thai tone marks, Devanagari vowel signs) are outside these blocks.
 */
const diacriticCluster = /\P{M}?\p{M}*[\u0300-\u036F\u1AB0-\u1AFF\u1DC0-\u1DFF\u20D0-\u20FF\uFE20-\uFE2F]\p{M}*/gu;
const stacksDiacritics = (nfkc: string) =>
  [...nfkc.matchAll(diacriticCluster)].some(([cluster]) => (cluster.normalize('NFD').match(/\p{M}/gu)?.length ?? 0) >= 2);
/** Hate symbols: swastikas (CJK and Tibetan), and SS runes written with runic or Greek letters. */
const hateSymbols = /[\u5350\u534D\u0FD5-\u0FD8]|(?:\u16CB|\u03DF){2}/u;

/**
 * Runs of single letters or digits split by spaces or punctuation ('f u c k', 'f.u.c.k'). Only these are joined:
 * joining whole words would glue ordinary sentences into false hits ('the analysis' → 'theanalysis').
 */
const spacedOutLetters = /(?<![\p{L}\p{N}])[\p{L}\p{N}](?:[\s._\-*]+[\p{L}\p{N}](?![\p{L}\p{N}]))+/gu;

/** Links: a scheme, www., or a name ending in a common top-level domain (after NFKC, so '․' is a dot too). */
const TLDS =
  'com|net|org|info|biz|io|co|me|ly|gg|xyz|app|dev|site|online|link|click|shop|store|live|tv|cc|to|ru|de|uk|us|eu|fr|nl|be|tk|ml|ga|cf|gq|top|ai|sh|win|bid|vip|icu|cn|su|ws';
const linkPattern = new RegExp(`[a-z][a-z0-9+.-]*:\\/\\/|\\bwww\\.|[a-z0-9-]\\.(?:${TLDS})\\b(?!\\.?[a-z])`, 'iu');
/** Schemes that need no '//' (data:, javascript:, mailto: …), when something follows the colon. */
const schemeWithoutSlashes =
  /(?<![\p{L}\p{N}])(?:data|javascript|vbscript|mailto|tel|sms|file|blob|intent|about|magnet|tg|whatsapp|skype|sip|callto|ftp|https?|wss?):(?=\S)/iu;
/** An address by number: IPv4 with or without a port ('192.168.1.50:3000'), bracketed IPv6, a named host with a port. */
const addressPattern =
  /(?<![\p{L}\p{N}])\d{1,3}(?:\s*\.\s*\d{1,3}){3}(?![\p{L}\p{N}])|\[[0-9a-f:.]*:[0-9a-f:.]*\]|\blocalhost\b|(?<![\p{L}\p{N}])[a-z0-9-]+(?:\.[a-z0-9-]+)+:\d{2,5}\b/iu;
/**
 * A dot set apart by spaces to dodge a filter: 'evil . com', 'evil .com', and 'evil. com' before a lower-case top-level
 * domain (a sentence's full stop has no space before it, and the next sentence starts with a capital).
 */
const spacedDots = new RegExp(`\\s+\\.\\s*|\\.\\s+(?=(?:${TLDS})\\b)`, 'gu');
/** A social handle: '@' then a name ('@handle', '@some.one'); not an e-mail (found as a link) nor a lone '@'. */
const handlePattern = /(?<![\p{L}\p{N}_.@])@[\p{L}\p{N}_][\p{L}\p{N}_.]*/u;
/** A phone number: 7 or more digits, '+' or '(' allowed in front, single spaces, dots, dashes or brackets between. */
const phonePattern = /(?<![\p{L}\p{N}])\+?\(?\d(?:[\s.()\-/]?\d){6,}/u;
/** Dots written out to dodge a filter: 'evil[.]pw', 'evil (dot) pw', 'evil dot com'. */
const spelledDots = new RegExp(`\\s*[[({]\\s*(?:\\.|dot)\\s*[\\])}]\\s*|\\s+dot\\s+(?=(?:${TLDS})\\b)`, 'giu');
/**
 * Names under any top-level domain IANA lists ('evil.pw', 'ai.art', 't.me/x') and e-mail addresses, found by
 * linkify-it (markdown-it's link finder) with the full list from the `tlds` package.
 */
const linkFinder = new LinkifyIt({
  fuzzyLink: true,
  fuzzyEmail: true,
  fuzzyIP: true,
  tlds: createRequire(import.meta.url)('tlds') as string[],
});

/** True when text holds a link, address, handle or phone number in any form we know of. */
function hasLink(nfkc: string): boolean {
  if (handlePattern.test(nfkc) || phonePattern.test(nfkc)) return true;
  for (const form of new Set([nfkc, unhomoglyph(nfkc), nfkc.replace(spacedDots, '.')])) {
    if (linkPattern.test(form) || schemeWithoutSlashes.test(form) || addressPattern.test(form)) return true;
    if (linkFinder.test(form) || linkFinder.test(form.replace(spelledDots, '.'))) return true;
  }
  return false;
}

const leet: Record<string, string> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', '@': 'a', $: 's', '!': 'i', '|': 'i' };

/**
 * The form text is compared in: NFKC, look-alike letters mapped to their Latin skeleton, lower case, accents
 * and leetspeak folded, 'l' and 'i' merged (I, l, 1 and | look alike). Words stay apart by single spaces.
 */
export function matchingForm(text: string): string {
  const split = text.normalize('NFKC').replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2');
  // Skeleton before lower case too: a capital Cyrillic 'Т' or Greek 'Η' only looks Latin as a capital.
  const lower = unhomoglyph(split)
    .toLowerCase()
    .replace(/[013457@$!|]/g, (char) => leet[char]!);
  const folded = unhomoglyph(lower).toLowerCase().normalize('NFKD').replace(/\p{M}/gu, '').replace(/l/g, 'i');
  return folded.replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
}

/**
 * The version of displayNameKey's rules. Bump it with any change to what the function returns: every instance then
 * computes the stored keys again at start-up (players/display-name-keys.ts), so names saved under the old rules are
 * held to the new ones. The unit test pins the rules' output to catch a change without a bump.
 */
export const DISPLAY_NAME_KEY_VERSION = 2;

/**
 * Two display names with the same key look the same on the booth TV: case, look-alike letters (Cyrillic 'а',
 * Greek 'Η', '0' for 'O', 'rn' for 'm'), accents, spacing and invisible characters do not count.
 */
export function displayNameKey(name: string): string {
  const skeleton = unhomoglyph(unhomoglyph(name.normalize('NFKC')).toLowerCase())
    .toLowerCase()
    .normalize('NFKD');
  return skeleton
    .replace(/\p{M}/gu, '')
    .replace(/[l1|]/g, 'i')
    .replace(blankEverywhere, '')
    .replace(/[\s\p{Cf}\p{Cc}]+/gu, '');
}

/** A blocklist term compiled once: its spaced form (whole-word match) and squashed form (match inside words). */
export interface CompiledTerm {
  spaced: string;
  squashed: string;
}

export function compileTerm(term: string): CompiledTerm | null {
  const spaced = matchingForm(term);
  if (!spaced) return null;
  return { spaced: ` ${spaced} `, squashed: spaced.replace(/ /g, '') };
}

/** True when `text` contains a term: as whole words, or (terms of 5+ letters) glued or spaced out ('AdolfHitler', 'h i t l e r'). */
export function matchesTerm(form: { spaced: string; squashed: string }, term: CompiledTerm): boolean {
  return form.spaced.includes(term.spaced) || (term.squashed.length >= 5 && form.squashed.includes(term.squashed));
}

/** Built in, never shown to players: hate terms the maintained profanity list does not cover. */
export const BUILT_IN_HATE_TERMS = [
  'hitler',
  'adolf hitler',
  'heil hitler',
  'sieg heil',
  'nazi',
  'nazis',
  'neonazi',
  'third reich',
  'fourth reich',
  'goebbels',
  'himmler',
  'auschwitz',
  'holocaust',
  'swastika',
  'white power',
  'white pride',
  'kkk',
  'ku klux klan',
  '1488',
  '14 88',
  'heil',
  'gas the jews',
  'jew killer',
  'master race',
  'ethnic cleansing',
].map((term) => compileTerm(term)!);

/** A spelling that sounds like a listed word: 'ph' for 'f' ('phuck'). */
const soundAlike = (text: string) => text.replace(/ph/giu, 'f');

/** Why text shown in public must be refused (checked in this order), or null when it is fine. */
export function publicTextProblem(text: string, blocklist: readonly CompiledTerm[] = []): PublicTextProblem | null {
  if (invisibleCharacters.test(text)) return 'invisible-characters';
  const nfkc = text.normalize('NFKC');
  const visible = nfkc.replace(blankLetters, '');
  if (!/[\p{L}\p{N}]/u.test(visible) || markStack.test(nfkc) || stacksDiacritics(nfkc)) return 'no-visible-letters';
  // Blank letters beside visible ones: 'Champ5083ㅤ' would pass for 'Champ5083' on the board.
  if (blankAnywhere.test(nfkc.replace(variationSelectors, ''))) return 'invisible-characters';
  if (hasLink(nfkc)) return 'link';
  if (hateSymbols.test(nfkc)) return 'offensive';
  const skeleton = unhomoglyph(nfkc);
  // Each spelling is also read with spaced-out letters joined ('k.k.k' → 'kkk') and sounds folded ('phuck' → 'fuck').
  const variants = new Set<string>();
  for (const candidate of [text, skeleton]) {
    const joined = candidate.replace(spacedOutLetters, (run) => run.replace(/[\s._\-*]+/g, ''));
    for (const variant of [candidate, joined]) variants.add(variant).add(soundAlike(variant));
  }
  for (const variant of variants) if (profanity.hasMatch(variant)) return 'offensive';
  const forms = [...variants].map((variant) => {
    const spaced = matchingForm(variant);
    return { spaced: ` ${spaced} `, squashed: spaced.replace(/ /g, '') };
  });
  if (forms.some((form) => BUILT_IN_HATE_TERMS.some((term) => matchesTerm(form, term)))) return 'offensive';
  if (forms.some((form) => blocklist.some((term) => matchesTerm(form, term)))) return 'blocked';
  return null;
}
