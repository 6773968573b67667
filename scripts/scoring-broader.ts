/**
 * Builds server/scoring/scoring.broader.json from WordNet 3.0 (Debian package wordnet-base, files in
 * /usr/share/wordnet; Princeton's licence allows redistribution with its notice, kept in the JSON):
 * - broader: for a noun, the words of its most frequent sense's hypernyms, two levels up ("stallion" ->
 *   "male horse" -> "horse"). A guess word that is a more specific kind of a prompt word counts as that
 *   word; the other way round (a vaguer guess) does not. Source words must be attested in WordNet's
 *   sense-tagged corpus or have a single sense (unambiguous), so rare senses never fire ("dog" never
 *   becomes "frank"); target words must be attested nouns that are not also attested adjectives.
 * - derived: adjectives and the noun they are formed from, by WordNet's derivation links, when the noun is
 *   a prefix of the adjective ("stormy" -> "storm", "misty" -> "mist", "foggy" -> "fog"); both ways round.
 * Usage: npm run scoring:broader [-- wordnet dict dir]   (docs/decisions/024-scoring-generalization.md)
 */
import { writeFileSync } from 'node:fs';
import { readIndex, readSynsets, type Synset } from './wordnet';

const dir = process.argv[2] ?? '/usr/share/wordnet';
const synsets = new Map<string, Synset>();
for (const pos of ['noun', 'adj'] as const) for (const synset of readSynsets(dir, pos)) synsets.set(`${pos}:${synset.offset}`, synset);
/** First (most frequent) sense per word and part of speech; whether the word is attested or unambiguous. */
const firstSense = new Map<string, { offset: string; usable: boolean; attested: boolean }>();
for (const pos of ['noun', 'adj'] as const) {
  for (const { lemma, tagged, offsets } of readIndex(dir, pos)) {
    if (!/^\p{Ll}+$/u.test(lemma) || offsets.length === 0) continue;
    firstSense.set(`${pos}:${lemma}`, { offset: `${pos}:${offsets[0]}`, usable: tagged > 0 || offsets.length === 1, attested: tagged > 0 });
  }
}
const single = (word: string) => /^\p{Ll}+$/u.test(word);
// Targets are attested nouns that are not also attested adjectives ("young", "male" never become a prompt's adjective).
const attestedNoun = (word: string) =>
  firstSense.get(`noun:${word}`)?.attested === true && firstSense.get(`adj:${word}`)?.attested !== true;

const broader: Record<string, string[]> = {};
for (const [key, sense] of firstSense) {
  if (!key.startsWith('noun:') || !sense.usable) continue;
  const word = key.slice(5);
  const found = new Set<string>();
  let level = [sense.offset];
  for (let depth = 0; depth < 2; depth++) {
    const next: string[] = [];
    for (const offset of level)
      for (const p of synsets.get(offset)?.pointers ?? []) if (p.symbol === '@' || p.symbol === '@i') next.push(`noun:${p.offset}`);
    for (const offset of next)
      for (const w of synsets.get(offset)?.words ?? []) if (single(w) && w !== word && attestedNoun(w)) found.add(w);
    level = next;
  }
  if (found.size > 0) broader[word] = [...found];
}
const derived: Record<string, string[]> = {};
for (const [key, sense] of firstSense) {
  if (!key.startsWith('adj:') || !sense.usable) continue;
  const word = key.slice(4);
  const synset = synsets.get(sense.offset);
  const index = synset?.words.indexOf(word) ?? -1;
  for (const p of synset?.pointers ?? []) {
    if ((p.symbol !== '+' && p.symbol !== '\\') || p.pos !== 'noun') continue;
    const noun = synsets.get(`noun:${p.offset}`)?.words[p.target - 1];
    if (noun && single(noun) && noun.length >= 3 && word.startsWith(noun) && index >= 0)
      derived[word] = [...new Set([...(derived[word] ?? []), noun])];
  }
}
const out = new URL('../server/scoring/scoring.broader.json', import.meta.url);
writeFileSync(
  out,
  JSON.stringify({
    source:
      'WordNet 3.0 (Princeton University): hypernyms two levels up of the most frequent noun sense, and adjective-noun derivations; built by scripts/scoring-broader.ts',
    notice:
      'WordNet 3.0 Copyright 2006 by Princeton University. All rights reserved. Used under the WordNet 3.0 licence (permission to use, copy, modify and distribute without fee, with this notice).',
    broader,
    derived,
  }) + '\n',
);
console.log(`${Object.keys(broader).length} nouns with broader words, ${Object.keys(derived).length} derived adjectives`);
