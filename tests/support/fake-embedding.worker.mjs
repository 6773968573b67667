// A stand-in model for the embedding pool's tests (server/scoring/embedding-pool.unit.test.ts): real worker
// threads, fake vectors. 'crash' kills the thread every time, 'crash-once:<file>' only the first time (the
// file remembers), 'hang' never returns, anything else embeds as [length, thread id].
import { existsSync, writeFileSync } from 'node:fs';
import { threadId } from 'node:worker_threads';

export default function embed(texts) {
  return texts.map((text) => {
    if (text === 'crash') process.exit(1);
    if (text.startsWith('crash-once:')) {
      const marker = text.slice('crash-once:'.length);
      if (!existsSync(marker)) {
        writeFileSync(marker, 'crashed');
        process.exit(1);
      }
    }
    if (text === 'hang') for (;;);
    return Float32Array.of(text.length, threadId);
  });
}
