/**
 * Reads WordNet 3.0's dictionary files (Debian package wordnet-base, /usr/share/wordnet), the source of the scoring's
 * word tables (scoring-synonyms.ts, scoring-broader.ts). Format: wndb(5WN).
 */
import { readFileSync } from 'node:fs';

export type PartOfSpeech = 'noun' | 'verb' | 'adj' | 'adv';
const posOfSymbol: Record<string, PartOfSpeech> = { n: 'noun', v: 'verb', a: 'adj', s: 'adj', r: 'adv' };

/** Lines of a dictionary file, without the licence header (indented) and blank lines. */
function entries(file: string): string[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => !line.startsWith(' ') && line.trim() !== '');
}

export interface IndexEntry {
  lemma: string;
  /** How many of its senses are tagged in the SemCor corpus (0: the word is not attested there). */
  tagged: number;
  /** Its synsets' offsets, most frequent sense first. */
  offsets: string[];
}

/** index.<pos>: one entry per word. */
export function readIndex(dir: string, pos: PartOfSpeech): IndexEntry[] {
  return entries(`${dir}/index.${pos}`).map((line) => {
    const fields = line.trim().split(' ');
    const pointerCount = Number(fields[3]);
    return { lemma: fields[0], tagged: Number(fields[4 + pointerCount + 1]), offsets: fields.slice(4 + pointerCount + 2) };
  });
}

export interface Synset {
  offset: string;
  /** Its words in lower case, without adjective markers such as "(a)". */
  words: string[];
  pointers: Array<{ symbol: string; offset: string; pos: PartOfSpeech; target: number }>;
}

/** data.<pos>: one synset per line (the gloss after " | " is left out). */
export function readSynsets(dir: string, pos: PartOfSpeech): Synset[] {
  return entries(`${dir}/data.${pos}`).map((line) => {
    const fields = line.split(' | ')[0].split(' ');
    const count = parseInt(fields[3], 16);
    const words = Array.from({ length: count }, (_, i) => fields[4 + 2 * i].toLowerCase().replace(/\(.*\)$/, ''));
    let at = 4 + 2 * count;
    const pointerCount = Number(fields[at++]);
    const pointers = Array.from({ length: pointerCount }, () => {
      const [symbol, offset, p, sourceTarget] = fields.slice(at, (at += 4));
      return { symbol, offset, pos: posOfSymbol[p], target: parseInt(sourceTarget.slice(2), 16) };
    });
    return { offset: fields[0], words, pointers };
  });
}
