/**
 * Every limit of the app in one place. Keys name what identifies an abuser (the account, the session's player,
 * the recipient of a mail); per-address rules are only ceilings, sized for a venue where 500 phones share one
 * public address (see docs/decisions/008-crowd-limits.md).
 */
import type { BackoffRule, WindowRule } from './limits.store';

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

export const windowRules = {
  /** Guesses per player: real play needs 3 per game; this only stops scripted hammering of the scorer. */
  guessPerPlayer: { name: 'guess-user', windowMs: MINUTE, max: 30 },
  /** Starts per player: each start claims a prompt for good (reuse off), so one account must not drain the pool. */
  startPerPlayer: { name: 'start-user', windowMs: HOUR, max: 20 },

  /**
   * Starts by accounts younger than YOUNG_ACCOUNT_MS from one address: throwaway accounts made to drain the pool are
   * young. Sized like sign-ups (a walk-up starts a game within a minute of signing up).
   */
  startYoungPerAddress: { name: 'start-young-addr', windowMs: MINUTE, max: 150 },

  /** Any auth POST from one address: a ceiling against floods, far above what 500 people at a booth send. */
  authPerAddress: { name: 'auth-addr', windowMs: MINUTE, max: 1_200 },
  /** Sign-ups from one address: 500 walk-ups in 10 minutes fit with room for a rush after a talk. */
  signUpPerAddressMinute: { name: 'signup-addr-1m', windowMs: MINUTE, max: 150 },
  signUpPerAddressHour: { name: 'signup-addr-1h', windowMs: HOUR, max: 2_000 },
  /** Sign-in calls from one address (right or wrong password). */
  signInPerAddress: { name: 'signin-addr', windowMs: MINUTE, max: 300 },
  /** Mails to one recipient (verification, reset): what stops mail-bombing a person. */
  mailPerRecipient: { name: 'mail-to', windowMs: 15 * MINUTE, max: 3 },
  /** Mail-sending calls from one address. */
  mailPerAddress: { name: 'mail-addr', windowMs: MINUTE, max: 150 },
  /** Password resets (token submissions) from one address. */
  resetPerAddress: { name: 'reset-addr', windowMs: MINUTE, max: 150 },
  /**
   * Typed verification codes from one address (right or wrong): a ceiling wide enough for a venue NAT. Each code
   * dies after 5 wrong tries (VERIFICATION_CODE in auth.ts), which is the brute-force guard.
   */
  verifyCodePerAddress: { name: 'verify-code-addr', windowMs: MINUTE, max: 300 },
  /** Typed codes for one e-mail address: a code dies after 5 wrong tries and 3 mails a quarter-hour bring new ones. */
  verifyCodePerRecipient: { name: 'verify-code-to', windowMs: 15 * MINUTE, max: 20 },
  /**
   * Share-card requests from one address: chat apps fetch a card once per shared link, from their own servers;
   * a venue NAT opening cards in browsers stays far below it. Drawing a card costs tens of milliseconds of CPU.
   */
  shareCardPerAddress: { name: 'share-card-addr', windowMs: MINUTE, max: 240 },
} satisfies Record<string, WindowRule>;

/** An account counts as young (see startYoungPerAddress) this long after it was created. */
export const YOUNG_ACCOUNT_MS = 5 * MINUTE;

export const backoffRules = {
  /** Wrong passwords for one account from one address: 5 free, then 30 s, 1 min, 2 min … at most 15 min. */
  signInFailAccountAddress: { name: 'signin-fail-acct-addr', windowMs: HOUR, free: 5, baseBlockMs: 30 * SECOND, maxBlockMs: 15 * MINUTE },
  /**
   * Wrong passwords for one account from anywhere (a botnet): 20 free, then at most 5 min. Browsers that signed in
   * to the account before carry a device cookie and skip this key, so an attacker cannot lock the owner out.
   */
  signInFailAccount: { name: 'signin-fail-acct', windowMs: HOUR, free: 20, baseBlockMs: 30 * SECOND, maxBlockMs: 5 * MINUTE },
  /** Wrong passwords from a known device of the account: generous, short. */
  signInFailDevice: { name: 'signin-fail-device', windowMs: HOUR, free: 10, baseBlockMs: 5 * SECOND, maxBlockMs: MINUTE },
  /** Wrong passwords from one address over all accounts (password spraying); sized for a venue NAT. */
  signInFailAddress: { name: 'signin-fail-addr', windowMs: HOUR, free: 300, baseBlockMs: 10 * SECOND, maxBlockMs: 5 * MINUTE },
} satisfies Record<string, BackoffRule>;

export const RATE_LIMITED_CODE = 'RATE_LIMITED';

/** "Please wait 2 minutes" style wording for a refusal. */
export function waitPhrase(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}
