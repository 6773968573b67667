import { promptTerms, lexicalOverlap } from '../../server/scoring/scoring.lexical';
import { readFileSync, writeFileSync } from 'node:fs';
const set = JSON.parse(readFileSync('server/scoring/scoring.eval-set.json','utf8'));
for (const p of set.prompts.slice(0,28)) console.log(p.prompt, '=>', promptTerms(p.prompt).map(t=>`${t.stem}:${t.weight}`).join(' '));
const rows = JSON.parse(readFileSync('/tmp/cos.json','utf8'));
for (const r of rows) Object.assign(r, lexicalOverlap(r.prompt, r.guess));
writeFileSync('/tmp/feat.json', JSON.stringify(rows));
