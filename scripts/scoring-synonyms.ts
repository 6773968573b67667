/**
 * Builds server/scoring/scoring.synonyms.json from WordNet 3.0 (Debian package wordnet-base,
 * files in /usr/share/wordnet; Princeton's licence allows redistribution with its notice, kept
 * in the JSON). Two words are synonyms when their MOST FREQUENT sense is the same synset
 * ("kid" and "child", "small" and "little", "automobile" and "car"); rarer senses are ignored
 * so "dog" never meets "frank". Only single words attested in WordNet's sense-tagged corpus
 * are kept. The JSON lists the groups; a word may be in more than one (a noun and an adjective).
 * Usage: tsx scripts/scoring-synonyms.ts [wordnet dict dir]
 */
import { writeFileSync } from 'node:fs';
import { readIndex, readSynsets } from './wordnet';

const dir = process.argv[2] ?? '/usr/share/wordnet';

// Per part of speech, words whose most frequent sense is the same synset form a group. A word
// that is also a noun or an adjective joins no verb group, so the noun "dog" never meets the
// verb "chase" and "wave" never meets "beckon".
type Sense = { offset: string; tagged: number };
const senses = new Map<string, Sense[]>();
const synsetWords = new Map<string, string[]>();
for (const pos of ['noun', 'adj', 'verb'] as const) {
  for (const { offset, words } of readSynsets(dir, pos)) synsetWords.set(`${pos}:${offset}`, words);
  for (const { lemma, tagged, offsets } of readIndex(dir, pos)) {
    // Only attested words (tagged in the SemCor corpus) of letters only; rare words stay out.
    if (!/^\p{Ll}+$/u.test(lemma) || tagged === 0 || offsets.length === 0) continue;
    senses.set(lemma, [...(senses.get(lemma) ?? []), { offset: `${pos}:${offsets[0]}`, tagged }]);
  }
}
const members = new Map<string, Set<string>>();
for (const [word, list] of senses) {
  const isNominal = list.some((sense) => !sense.offset.startsWith('verb:'));
  for (const sense of list) {
    if (isNominal && sense.offset.startsWith('verb:')) continue;
    members.set(sense.offset, (members.get(sense.offset) ?? new Set()).add(word));
  }
}
const groups = [...members]
  .filter(([, words]) => words.size >= 2)
  .map(([offset, words]) => {
    const order = synsetWords.get(offset) ?? [];
    return [...words].sort((a, b) => (order.indexOf(a) + 1 || 99) - (order.indexOf(b) + 1 || 99));
  })
  .sort((a, b) => a[0].localeCompare(b[0]));

const out = new URL('../server/scoring/scoring.synonyms.json', import.meta.url);
writeFileSync(
  out,
  JSON.stringify(
    {
      source: 'WordNet 3.0 (Princeton University), most frequent sense only; built by scripts/scoring-synonyms.ts',
      notice:
        'WordNet 3.0 Copyright 2006 by Princeton University. All rights reserved. Used under the WordNet 3.0 licence (permission to use, copy, modify and distribute without fee, with this notice).',
      groups,
    },
    null,
    0,
  ) + '\n',
);
console.log(`${groups.length} synonym groups, ${groups.flat().length} words`);
