import { readFileSync } from 'node:fs';
import { memoizeBounded } from './memoize-bounded';

/**
 * Lexical features of a guess against a prompt: which prompt content words the guess
 * names (recall, weighted toward the prompt's head noun phrase) and how much of the
 * guess is on-topic (precision). Pure and deterministic; no model involved.
 */

const STOPWORDS = new Set(
  (
    'a an the and or but of in on at to for from with without by into onto over under above below near next beside behind ' +
    'between around through across along against among inside outside out up down off about as its it his her their them they ' +
    'he she we you i my our your this that these those there here is are was were be been being has have had do does did ' +
    'while who whom which what where when very so too just some any each every all one no not than then also very ' +
    'like made while who s t'
  ).split(' '),
);

/** Framing / quality / style words: part of many prompts, rarely what the picture is "of". */
const STYLE_WORDS = new Set(
  (
    'photo photograph photography picture image shot closeup close-up portrait high quality hq hd 4k 8k uhd hdr detailed ' +
    'ultra highly realistic photorealistic hyperrealistic render rendered style art artwork digital illustration ' +
    'painting drawing beautiful stunning cinematic lighting light trending artstation masterpiece octane unreal engine ' +
    'concept studio background scene full view wide angle soft sharp focus professional ' +
    'watercolor oil sketch ukiyo woodblock print anime cartoon pixel vector 3d cgi vintage'
  ).split(' '),
);

/** Words that end the prompt's leading noun phrase (prepositions, conjunctions). */
const PHRASE_BREAKERS = new Set(
  'in on at with by under over near beside behind above below inside outside into onto through across along against among from for during while and'.split(
    ' ',
  ),
);

const IRREGULAR: Record<string, string> = {
  children: 'child',
  men: 'man',
  women: 'woman',
  people: 'person',
  mice: 'mouse',
  feet: 'foot',
  teeth: 'tooth',
  geese: 'goose',
  wolves: 'wolf',
  leaves: 'leaf',
  knives: 'knife',
  shelves: 'shelf',
  lives: 'life',
  loaves: 'loaf',
  calves: 'calf',
  halves: 'half',
  wives: 'wife',
  elves: 'elf',
  fishes: 'fish',
  oxen: 'ox',
  cacti: 'cactus',
  dice: 'die',
  cosy: 'cozy',
  colour: 'color',
  colours: 'color',
  watercolour: 'watercolor',
  grey: 'gray',
};

/** A light, consistent stemmer (plural/-ing/-ed stripping); both sides go through it so consistency beats linguistics. */
export function stemWord(word: string): string {
  let w = IRREGULAR[word] ?? word;
  if (w.length > 4 && w.endsWith('ies')) w = w.slice(0, -3) + 'y';
  else if (w.length > 4 && /(ss|x|z|ch|sh)es$/.test(w)) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith('s') && !/(ss|us|is)$/.test(w)) w = w.slice(0, -1);
  if (w.length > 5 && w.endsWith('ing')) w = w.slice(0, -3);
  else if (w.length > 4 && w.endsWith('ed')) w = w.slice(0, -2);
  if (/([b-df-hj-np-tv-z])\1$/.test(w)) w = w.slice(0, -1); // running -> runn -> run
  if (w.length > 3 && w.endsWith('e')) w = w.slice(0, -1); // ride / riding -> rid
  return w;
}

export function wordsOf(text: string): string[] {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/['’]s\b/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 1 || /\d/.test(word));
}

export interface PromptTerm {
  stem: string;
  weight: number;
}

/**
 * Content terms of a prompt with importance weights: the head noun (last word of the
 * leading noun phrase) 1.0, the rest of that phrase 0.7, later content words 0.4,
 * style/framing words 0.1. Prompts put their subject first, so position is a usable proxy
 * for a POS tagger here.
 */
export function promptTerms(prompt: string): PromptTerm[] {
  const words = wordsOf(prompt);
  // Skip a framing prefix such as "a high quality photo of" / "portrait of".
  const ofIndex = words.indexOf('of');
  const framed = ofIndex > 0 && words.slice(0, ofIndex).every((w) => STOPWORDS.has(w) || STYLE_WORDS.has(w));
  const body = framed ? words.slice(ofIndex + 1) : words;
  const leadingPhrase: number[] = [];
  let phraseOpen = true;
  const terms: PromptTerm[] = [];
  body.forEach((word) => {
    if (PHRASE_BREAKERS.has(word) && leadingPhrase.length > 0) phraseOpen = false;
    if (STOPWORDS.has(word)) return;
    if (STYLE_WORDS.has(word)) return void terms.push({ stem: stemWord(word), weight: 0.1 });
    // A participle right after the subject ("a cat sleeping ...", "a car parked ...") also closes the phrase.
    if (phraseOpen && leadingPhrase.length > 0 && /.{3}(ing|ed)$/.test(word)) phraseOpen = false;
    if (phraseOpen) leadingPhrase.push(terms.length);
    terms.push({ stem: stemWord(word), weight: 0.4 });
  });
  leadingPhrase.forEach((index, i) => (terms[index].weight = i === leadingPhrase.length - 1 ? 1 : 0.7));
  return dedupeByStem(terms);
}

function dedupeByStem(terms: PromptTerm[]): PromptTerm[] {
  const best = new Map<string, PromptTerm>();
  for (const term of terms) if ((best.get(term.stem)?.weight ?? -1) < term.weight) best.set(term.stem, term);
  return [...best.values()];
}

/** Stems plus adjacent-pair concatenations, so "sand castle" meets "sandcastle". */
function withCompounds(words: string[]): Set<string> {
  const set = new Set(words.map(stemWord));
  for (let i = 0; i + 1 < words.length; i++) set.add(stemWord(words[i] + words[i + 1]));
  return set;
}

export interface LexicalOverlap {
  /** Weighted share of prompt terms the guess names, 0..1. */
  recall: number;
  /** Share of the guess's content words that appear in the prompt, 0..1 (1 for an empty guess). */
  precision: number;
  /** Whether the guess names the prompt's head noun (the highest-weighted term). */
  namesHeadNoun: boolean;
  /** Guess content words not found in the prompt. */
  offTopicWords: number;
  guessContentWords: number;
  promptContentWords: number;
  /** The guess reads as a list of keywords rather than a phrase (see isKeywordList). */
  guessIsList: boolean;
  /** The prompt itself is a comma-separated tag list, so a list-style guess is fair. */
  promptIsTagList: boolean;
}

/** Comma-separated with at least three short segments: "portrait, elderly woman, film grain, 85mm". */
export function isTagList(text: string): boolean {
  const segments = text
    .split(/[,;|]/)
    .map((segment) => wordsOf(segment).length)
    .filter((n) => n > 0);
  return segments.length >= 3 && segments.reduce((a, b) => a + b, 0) / segments.length <= 4;
}

/**
 * A keyword list: four or more content words with (almost) no grammar between them, or a tag
 * list. Phrases carry function words ("a dog on a surfboard"); dumps do not. A terse but precise
 * guess is also a list by this test: lists are only penalised for their off-topic words.
 */
export function isKeywordList(text: string): boolean {
  // Every word counts here, single letters too: "a" is the commonest sign of a phrase.
  const words = text
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  const content = words.filter((word) => word.length > 1 && !STOPWORDS.has(word) && word !== 'a').length;
  const functionWords = words.length - content;
  const terse = functionWords / words.length < 0.12;
  // A comma-separated guess whose parts are phrases with grammar ("passengers in victorian clothes, sunbeams
  // through a glass roof") is a description written in pieces, not a keyword list.
  return (isTagList(text) || content >= 4) && terse;
}

/** Prompts shorter than this (in words) have no separate leading clause: the whole prompt is the subject. */
export const LEADING_CLAUSE_MIN_PROMPT_WORDS = 14;
const LEADING_CLAUSE_MAX_WORDS = 12;

/**
 * The prompt's leading clause: what the picture is of, before the details. Long prompts put
 * their main subject and action first and pile details after a comma ("a cozy bookshop on a
 * rainy evening, warm light ..., a black cat ..."). The clause is the text before the first
 * comma, semicolon or dash, without a framing prefix ("an oil painting of"), cut to about 12 words
 * at a phrase boundary. Undefined for short prompts, tag lists, and when the clause is most of the prompt anyway.
 */
export function leadingClause(prompt: string): string | undefined {
  const words = prompt.split(/\s+/).filter(Boolean);
  if (words.length < LEADING_CLAUSE_MIN_PROMPT_WORDS || isTagList(prompt)) return undefined;
  let clause = prompt
    .split(/[,;:]|\s[-–—]\s/)[0]
    .trim()
    .split(/\s+/);
  const lower = clause.map((word) => word.toLowerCase().replace(/[^\p{L}\p{N}-]/gu, ''));
  const ofIndex = lower.indexOf('of');
  if (ofIndex > 0 && lower.slice(0, ofIndex).every((w) => STOPWORDS.has(w) || STYLE_WORDS.has(w))) clause = clause.slice(ofIndex + 1);
  if (clause.length > LEADING_CLAUSE_MAX_WORDS) {
    // Cut before the last preposition or conjunction in reach, so the clause ends on a whole phrase.
    clause = clause.slice(0, LEADING_CLAUSE_MAX_WORDS);
    const lastBreak = clause.findLastIndex((word) => PHRASE_BREAKERS.has(word.toLowerCase()));
    if (lastBreak >= 5) clause = clause.slice(0, lastBreak);
  }
  if (clause.length < 2 || clause.length > 0.6 * words.length) return undefined;
  return clause.join(' ');
}

/**
 * Camera, render and quality jargon of text-to-image prompts, on top of STYLE_WORDS: used only to recognise
 * comma segments that say how the picture is made rather than what it shows ("85mm f/1.4", "octane render, 8k").
 */
const JARGON_WORDS = new Set(
  (
    'bokeh macro volumetric rim dramatic epic moody cinematography render blender polaroid editorial matte isometric ' +
    'wallpaper lens grain exposure tilt shift low poly lowpoly ultra uhd resolution quality award winning ' +
    'trending pinterest behance deviantart shot dslr canon nikon sony eos kodak portra fujifilm film 35mm 50mm 85mm ' +
    'overhead aerial angle golden hour god rays ray tracing raytracing lumen unity unreal engine octane redshift ' +
    'vray intricate details detail hyper super insanely extremely sharp focus smooth elegant symmetrical centered ' +
    'colors colours color colour palette tones tone pastel vibrant muted faded natural warm cold cool chiaroscuro product ' +
    'watercolour charcoal pencil ink acrylic gouache crayon pastels ukiyoe lineart line'
  ).split(' '),
);

/** A word that names no content: a stopword, a style word, jargon, or a number with a unit ("8k", "f/1.4", "1920s" is content). */
function isStyleOrJargon(word: string): boolean {
  return STOPWORDS.has(word) || STYLE_WORDS.has(word) || JARGON_WORDS.has(word) || /^(\d+(k|mm|p|fps)|f\d*|\d+)$/.test(word);
}

/**
 * What the picture shows, without how it is made: the prompt minus its framing prefix ("an oil painting of",
 * "macro shot of"), minus comma segments that are only style or camera jargon ("dramatic rim lighting, 85mm,
 * 8k, trending on artstation"), an artist credit ("by hokusai", "in the style of van gogh") or a style
 * reference ("ukiyo-e style", "blade runner vibes"). Undefined when nothing would be removed, or nothing
 * would be left. The scorer embeds it once per prompt (cached, like the leading clause) and judges guesses
 * against it as well, so naming only the medium ("an oil painting") is worth less than naming the subject.
 */
export function contentView(prompt: string): string | undefined {
  const cleaned = prompt.replace(/\b(shallow |deep )?depth of field\b/gi, ' ').replace(/\bin the style of\b[^,;|]*/gi, ' ');
  const kept: string[] = [];
  for (const segment of cleaned.split(/[,;|]/)) {
    let words = segment.trim().split(/\s+/).filter(Boolean);
    const lower = words.map((word) => word.toLowerCase().replace(/[^\p{L}\p{N}]/gu, ''));
    if (lower.every((word) => word === '' || isStyleOrJargon(word))) continue;
    if (lower[0] === 'by' || /^(style|vibes?|aesthetic|inspired)$/.test(lower.at(-1)!)) continue;
    const ofIndex = lower.indexOf('of');
    if (ofIndex > 0 && lower.slice(0, ofIndex).every(isStyleOrJargon)) words = words.slice(ofIndex + 1);
    if (words.length > 0) kept.push(words.join(' '));
  }
  const view = kept.join(', ');
  const key = (text: string) => wordsOf(text).join(' ');
  if (wordsOf(view).filter((word) => !STOPWORDS.has(word)).length === 0 || key(view) === key(prompt)) return undefined;
  return view;
}

let synonymGroups: Map<string, string[]> | undefined;

/**
 * WordNet synonyms by most frequent sense (scoring.synonyms.json, built by scripts/scoring-synonyms.ts). Worked out once
 * per word among the last 5,000 asked (a crowd's guesses repeat their words); the list is shared, never changed.
 */
export const synonymsOf: (word: string) => readonly string[] = memoizeBounded(5000, (word) => {
  if (!synonymGroups) {
    const { groups } = JSON.parse(readFileSync(new URL('./scoring.synonyms.json', import.meta.url), 'utf8')) as { groups: string[][] };
    synonymGroups = new Map();
    for (const group of groups)
      for (const member of group)
        synonymGroups.set(member, [...(synonymGroups.get(member) ?? []), ...group.filter((other) => other !== member)]);
  }
  const forms = [word, IRREGULAR[word], word.replace(/ies$/, 'y'), word.replace(/es$/, ''), word.replace(/s$/, '')];
  return [...new Set(forms.flatMap((form) => (form ? (synonymGroups!.get(form) ?? []) : [])))];
});

let broaderTables: { broader: Record<string, string[]>; derived: Record<string, string[]>; base: Map<string, string[]> } | undefined;

function broaderTable() {
  if (!broaderTables) {
    const { broader, derived } = JSON.parse(readFileSync(new URL('./scoring.broader.json', import.meta.url), 'utf8')) as {
      broader: Record<string, string[]>;
      derived: Record<string, string[]>;
    };
    // Derivation counts both ways: "storm" in the guess meets "stormy" in the prompt too.
    const base = new Map<string, string[]>();
    for (const [adjective, nouns] of Object.entries(derived))
      for (const noun of nouns) base.set(noun, [...(base.get(noun) ?? []), adjective]);
    broaderTables = { broader, derived, base };
  }
  return broaderTables;
}

/**
 * Words a guess word may stand for beyond its synonyms (scoring.broader.json, built by
 * scripts/scoring-broader.ts from WordNet): its hypernyms two levels up, so a more specific guess word
 * counts as the prompt's word ("stallion" for "horse", "sneakers" for "shoes"; never the other way
 * round), and the noun an adjective is formed from, both ways ("stormy"/"storm", "misty"/"mist"). Once per word, as
 * synonymsOf.
 */
export const broaderWordsOf: (word: string) => readonly string[] = memoizeBounded(5000, (word) => {
  const { broader, derived, base } = broaderTable();
  const forms = [...new Set([word, IRREGULAR[word], word.replace(/ies$/, 'y'), word.replace(/es$/, ''), word.replace(/s$/, '')])].filter(
    Boolean,
  ) as string[];
  return [
    ...new Set(
      forms.flatMap((form) => [
        ...(derived[form] ?? []),
        ...(base.get(form) ?? []),
        ...(Object.hasOwn(broader, form) ? broader[form] : []),
      ]),
    ),
  ];
});

/**
 * True synonyms count as the prompt's word: each guess word the prompt lacks is replaced by a
 * prompt word that shares its most frequent WordNet sense ("kids" -> "children" when the prompt
 * says children, "little" -> "small"), or else by a prompt word it is a kind of or derived from
 * (broaderWordsOf). Lexical only; the embedding sees the guess as written.
 */
export function alignSynonymsToPrompt(promptStems: Set<string>, guessWords: string[]): string[] {
  return guessWords.map((word) => {
    if (STOPWORDS.has(word) || promptStems.has(stemWord(word))) return word;
    const inPrompt = (candidate: string) => promptStems.has(stemWord(candidate));
    return synonymsOf(word).find(inPrompt) ?? broaderWordsOf(word).find(inPrompt) ?? word;
  });
}

/** What lexicalOverlap needs of a prompt: the same for every guess at it, so worked out once per prompt (the last 2,000). */
interface PromptLexicon {
  terms: PromptTerm[];
  promptStems: Set<string>;
  totalWeight: number;
  headNoun: PromptTerm | undefined;
  promptContentWords: number;
  promptIsTagList: boolean;
}

const promptLexicon = memoizeBounded(2000, (prompt): PromptLexicon => {
  const terms = promptTerms(prompt);
  return {
    terms,
    promptStems: withCompounds(wordsOf(prompt).filter((w) => !STOPWORDS.has(w))),
    totalWeight: terms.reduce((sum, term) => sum + term.weight, 0),
    headNoun: terms.find((term) => term.weight === 1),
    promptContentWords: terms.filter((term) => term.weight > 0.1).length,
    promptIsTagList: isTagList(prompt),
  };
});

export function lexicalOverlap(prompt: string, guess: string): LexicalOverlap {
  const { terms, promptStems, totalWeight, headNoun, promptContentWords, promptIsTagList } = promptLexicon(prompt);
  const guessWords = alignSynonymsToPrompt(
    promptStems,
    wordsOf(guess).filter((w) => !STOPWORDS.has(w)),
  );
  const guessStemSet = withCompounds(guessWords);
  const content = guessWords.filter((word) => !STYLE_WORDS.has(word)).map(stemWord);
  const matchedWeight = terms.filter((term) => guessStemSet.has(term.stem)).reduce((sum, term) => sum + term.weight, 0);
  const onTopic = content.filter((stem) => promptStems.has(stem)).length;
  return {
    namesHeadNoun: headNoun !== undefined && guessStemSet.has(headNoun.stem),
    recall: totalWeight > 0 ? matchedWeight / totalWeight : 0,
    precision: content.length > 0 ? onTopic / content.length : 1,
    offTopicWords: content.length - onTopic,
    guessContentWords: content.length,
    promptContentWords,
    guessIsList: isKeywordList(guess),
    promptIsTagList,
  };
}

/**
 * Short, natural descriptions of a prompt, as a player types them first: its subject ("a little girl"), and its subject with
 * what it does, up to the first preposition ("a chef tossing vegetables"); for a prompt that is only its subject
 * ("mountain man"), its head noun ("man"). Framing ("a photo of")
 * and style segments are left out (contentView). One or two texts, none for a prompt with no content word; used to
 * estimate how well a good description can score on the challenge (its difficulty), never to score a guess.
 */
export function shortDescriptions(prompt: string): string[] {
  const firstSegment = (contentView(prompt) ?? prompt).split(/[,;:]|\s[-–—]\s|\.\s/)[0];
  let words = firstSegment.trim().split(/\s+/).filter(Boolean);
  const lower = words.map((word) => word.toLowerCase().replace(/[^\p{L}\p{N}-]/gu, ''));
  const ofIndex = lower.indexOf('of');
  const framed = ofIndex > 0 && lower.slice(0, ofIndex).every((w) => STOPWORDS.has(w) || STYLE_WORDS.has(w));
  const body = framed ? words.slice(ofIndex + 1) : words;
  const plain = body.map((word) => word.toLowerCase().replace(/[^\p{L}\p{N}'-]/gu, ''));
  const isContent = (word: string) => word !== '' && !STOPWORDS.has(word) && !STYLE_WORDS.has(word);
  // The subject: up to a phrase breaker or a participle after the first content word.
  let subjectEnd = plain.length;
  let seenContent = false;
  let endsAtAction = false;
  for (let i = 0; i < plain.length; i++) {
    if (seenContent && (PHRASE_BREAKERS.has(plain[i]) || /^[^-]{3,}(ing|ed)$/.test(plain[i]))) {
      subjectEnd = i;
      endsAtAction = !PHRASE_BREAKERS.has(plain[i]);
      break;
    }
    if (isContent(plain[i])) seenContent = true;
  }
  if (!seenContent) return [];
  // The subject with what it does (when a participle ended it): on to the next phrase breaker.
  let actionEnd = plain.length;
  let more = false;
  for (let i = subjectEnd; i < plain.length; i++) {
    if (more && PHRASE_BREAKERS.has(plain[i])) {
      actionEnd = i;
      break;
    }
    if (isContent(plain[i])) more = true;
  }
  words = plain.filter(Boolean);
  const text = (end: number) => plain.slice(0, end).filter(Boolean).join(' ');
  const headNoun = plain.slice(0, subjectEnd).filter(isContent).at(-1)!;
  const descriptions = [text(subjectEnd)];
  if (endsAtAction && more && actionEnd > subjectEnd) descriptions.push(text(actionEnd));
  const whole = new Set([words.join(' '), wordsOf(prompt).join(' ')]);
  const shorter = [...new Set(descriptions)].filter((d) => d !== '' && !whole.has(d) && !whole.has(wordsOf(d).join(' ')));
  // A prompt that is only its subject ("mountain man"): its head noun is the shorter description.
  return shorter.length > 0 || whole.has(headNoun) ? shorter : [headNoun];
}
