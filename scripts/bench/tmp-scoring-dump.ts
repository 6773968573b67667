import { readFileSync, writeFileSync } from 'node:fs';
import { UseLiteEmbedder } from '../../server/scoring/use-lite.embedder';
import { cosineOfNormalised } from '../../server/scoring/embedder';
const set = JSON.parse(readFileSync('server/scoring/scoring.eval-set.json','utf8'));
const e = await UseLiteEmbedder.load();
const grades = ['same-meaning','main-subject','partial','unrelated','keyword-dump'];
const rows:any[]=[];
for (const p of set.prompts){ const [pe]=await e.embed([p.prompt]); for(const g of grades){ const ge=await e.embed(p[g]); p[g].forEach((guess:string,i:number)=>rows.push({prompt:p.prompt,split:p.split,grade:g,guess,cos:cosineOfNormalised(pe,ge[i])}));}}
writeFileSync('/tmp/cos.json', JSON.stringify(rows));
