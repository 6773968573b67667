/**
 * Who may open a live leaderboard stream on this instance (docs/decisions/009). Caps are per account for signed-in
 * players, counted over all of the account's sessions (one venue address carries hundreds of players, and one account
 * signed in many times must not hold more than one player's tabs); per address only for anonymous viewers; anonymous
 * viewers together may fill at most a share of the instance; and a reserve is kept for organizers, so the booth screen
 * (signed in as an organizer) always gets in, whatever floods the rest. Organizers have no per-account cap: one
 * organizer account may drive several booth screens and consoles.
 */
export type ViewerKind = 'organizer' | 'player' | 'anonymous';

export interface StreamViewer {
  kind: ViewerKind;
  /** The account (user id) for signed-in viewers, the client address for anonymous ones. */
  key: string;
  /**
   * A player whose account is only minutes old: its address, whose anonymous cap it counts against too. Accounts made
   * in seconds are no more known than anonymous viewers, so a script cannot widen an address's share with them.
   */
  youngFrom?: string;
}

export interface AdmissionLimits {
  /** Streams on this instance, everyone included. */
  maxStreams: number;
  /** Streams one signed-in player account may hold, over all its sessions (its tabs and devices). */
  maxPerAccount: number;
  /** Streams one address may hold without signing in, or signed in to an account minutes old (a venue NAT's viewers). */
  maxAnonymousPerAddress: number;
  /** Share of maxStreams anonymous viewers may hold together. */
  anonymousShare: number;
  /** Slots only organizers may take. */
  organizerReserve: number;
}

export const DEFAULT_ADMISSION: AdmissionLimits = {
  maxStreams: 5_000,
  maxPerAccount: 8,
  maxAnonymousPerAddress: 300,
  anonymousShare: 0.5,
  organizerReserve: 50,
};

export class StreamAdmission {
  private readonly perKey = new Map<string, number>();
  private total = 0;
  private anonymous = 0;
  readonly limits: AdmissionLimits;

  constructor(limits: Partial<AdmissionLimits> = {}) {
    const merged = { ...DEFAULT_ADMISSION, ...limits };
    // Small instances (tests, a laptop) keep a reserve no larger than a tenth of the cap, but at least one slot.
    merged.organizerReserve = Math.max(1, Math.min(merged.organizerReserve, Math.floor(merged.maxStreams / 10)));
    this.limits = merged;
  }

  get open() {
    return this.total;
  }

  /** Takes a slot, or returns undefined when a cap refuses. The returned function gives the slot back (idempotent). */
  admit(viewer: StreamViewer): (() => void) | undefined {
    const { maxStreams, maxPerAccount, maxAnonymousPerAddress, anonymousShare, organizerReserve } = this.limits;
    const anonymous = viewer.kind === 'anonymous';
    const key = `${anonymous ? 'address' : 'account'}:${viewer.key}`;
    const held = this.perKey.get(key) ?? 0;
    const cap = viewer.kind === 'organizer' ? Number.POSITIVE_INFINITY : anonymous ? maxAnonymousPerAddress : maxPerAccount;
    if (held >= cap) return undefined;
    const addressKey = viewer.kind === 'player' && viewer.youngFrom !== undefined ? `address:${viewer.youngFrom}` : undefined;
    if (addressKey && (this.perKey.get(addressKey) ?? 0) >= maxAnonymousPerAddress) return undefined;
    if (this.total >= maxStreams) return undefined;
    if (viewer.kind !== 'organizer' && this.total >= maxStreams - organizerReserve) return undefined;
    if (anonymous && this.anonymous >= Math.floor(maxStreams * anonymousShare)) return undefined;

    this.perKey.set(key, held + 1);
    if (addressKey) this.perKey.set(addressKey, (this.perKey.get(addressKey) ?? 0) + 1);
    this.total++;
    if (anonymous) this.anonymous++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.total--;
      if (anonymous) this.anonymous--;
      for (const counted of addressKey ? [key, addressKey] : [key]) {
        const left = (this.perKey.get(counted) ?? 1) - 1;
        if (left > 0) this.perKey.set(counted, left);
        else this.perKey.delete(counted);
      }
    };
  }
}
