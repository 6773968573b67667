/**
 * A display name a test sends through PUT /api/profile: `prefix` and a random tail, never refused. A random tail is
 * sometimes offensive to the moderation (server/players/public-text.ts reads digits as letters: 'a55', 'f1ck'):
 * about 1 in 500–5,000 names, which failed a journey now and then. Such a tail is drawn again.
 */
import { randomBytes } from 'node:crypto';
import { MAX_DISPLAY_NAME_LENGTH } from '@contracts/game.rules';
import { publicTextProblem } from '../../server/players/public-text';

export function testDisplayName(prefix: string, tail = 5): string {
  for (;;) {
    const name = `${prefix}${randomBytes(8).toString('base64url').replace(/[-_]/g, '').slice(0, tail)}`.slice(0, MAX_DISPLAY_NAME_LENGTH);
    if (publicTextProblem(name) === null) return name;
  }
}
