/**
 * Memory of one image URL answered with 300 MB (decision 029): `before` reads the body whole, as the server did
 * (fetch + arrayBuffer); `after` goes through downloadImage with the default 20 MB cap. Prints the process's peak
 * RSS (sampled every 10 ms) and what the fake provider sent. Run each mode in its own process, alternating:
 *   npx tsx scripts/bench/image-download-memory.ts before|after
 */
import os from 'node:os';
import { downloadImage } from '../../server/challenges/image-download';
import { startFakeImageProvider } from '../../tests/support/fake-image-provider';

const mode = process.argv[2] === 'before' ? 'before' : 'after';
const fake = await startFakeImageProvider();
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
const start = process.memoryUsage().rss;
let peak = start;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
const url = `${fake.url}/big?mb=300`;
let outcome: string;
try {
  if (mode === 'before') outcome = `read ${mb((await (await fetch(url)).arrayBuffer()).byteLength)} MB`;
  else {
    await downloadImage(
      url,
      { providerOrigin: fake.url, allowLanProvider: true, maxBytes: 20 * 1024 * 1024, timeoutMs: 60_000 },
      AbortSignal.timeout(120_000),
    );
    outcome = 'read the whole image';
  }
} catch (error) {
  outcome = (error as Error).message;
}
clearInterval(sampler);
peak = Math.max(peak, process.memoryUsage().rss);
console.log(`${os.cpus()[0]?.model} × ${os.cpus().length}, Node ${process.version}`);
console.log(`${mode}: RSS ${mb(start)} MB → peak ${mb(peak)} MB; the provider sent ${mb(fake.bigSentBytes)} MB; ${outcome}`);
await fake.close();
process.exit(0);
