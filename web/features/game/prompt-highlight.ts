/**
 * Which words of the revealed prompt the player got right: a prompt word counts when any guess used the same word
 * (case-insensitive, simple plural/verb endings folded: "cats" = "cat", "glowing" = "glow"). Little words (a, the,
 * of…) are never highlighted: they say nothing about the guess.
 */
export interface PromptSegment {
  text: string;
  matched: boolean;
}

const STOPWORDS = new Set(
  'a an the of in on at to for from with by and or but is are was were be as it its this that these those into onto over under up down out off than then there their his her our your my'.split(
    ' ',
  ),
);

/** Lower-case, with the commonest English endings folded so a guess's "cats" meets the prompt's "cat". */
export function wordStem(word: string): string {
  let stem = word
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '');
  if (stem.length > 5 && stem.endsWith('ing')) stem = stem.slice(0, -3);
  else if (stem.length > 4 && stem.endsWith('ed')) stem = stem.slice(0, -2);
  else if (stem.length > 4 && stem.endsWith('ies')) stem = `${stem.slice(0, -3)}y`;
  else if (stem.length > 4 && /(?:ches|shes|xes|sses)$/.test(stem)) stem = stem.slice(0, -2);
  else if (stem.length > 3 && stem.endsWith('s') && !stem.endsWith('ss')) stem = stem.slice(0, -1);
  return stem;
}

const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu;

export function highlightPrompt(prompt: string, guesses: string[]): PromptSegment[] {
  const guessed = new Set(guesses.flatMap((guess) => [...guess.matchAll(WORD)].map((match) => wordStem(match[0]))));
  const segments: PromptSegment[] = [];
  let last = 0;
  const push = (text: string, matched: boolean) => {
    if (!text) return;
    const previous = segments.at(-1);
    // Neighbouring plain text merges, so the markup stays small.
    if (previous && !previous.matched && !matched) previous.text += text;
    else segments.push({ text, matched });
  };
  for (const match of prompt.matchAll(WORD)) {
    const word = match[0];
    const index = match.index ?? 0;
    push(prompt.slice(last, index), false);
    const stem = wordStem(word);
    push(word, !STOPWORDS.has(word.toLowerCase()) && guessed.has(stem));
    last = index + word.length;
  }
  push(prompt.slice(last), false);
  return segments;
}

/** How many distinct meaningful prompt words the guesses found, of how many. */
export function matchedWordCount(segments: PromptSegment[]): number {
  return new Set(segments.filter((segment) => segment.matched).map((segment) => wordStem(segment.text))).size;
}
