/**
 * Who may open a live leaderboard stream on this instance (issue 12.3). Caps are per browser session for signed-in
 * viewers (one venue address carries hundreds of players), per address only for anonymous ones; anonymous viewers
 * together may fill at most a share of the instance; and a reserve is kept for organizers, so the booth screen
 * (signed in as an organizer) always gets in, whatever floods the rest.
 */
export type ViewerKind = 'organizer' | 'player' | 'anonymous';

export interface StreamViewer {
  kind: ViewerKind;
  /** The session id for signed-in viewers, the client address for anonymous ones. */
  key: string;
}

export interface AdmissionLimits {
  /** Streams on this instance, everyone included. */
  maxStreams: number;
  /** Streams one signed-in browser session may hold (tabs). */
  maxPerSession: number;
  /** Streams one address may hold without signing in (a venue NAT with many anonymous viewers). */
  maxAnonymousPerAddress: number;
  /** Share of maxStreams anonymous viewers may hold together. */
  anonymousShare: number;
  /** Slots only organizers may take. */
  organizerReserve: number;
}

export const DEFAULT_ADMISSION: AdmissionLimits = {
  maxStreams: 5_000,
  maxPerSession: 8,
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
    const { maxStreams, maxPerSession, maxAnonymousPerAddress, anonymousShare, organizerReserve } = this.limits;
    const anonymous = viewer.kind === 'anonymous';
    const key = `${anonymous ? 'address' : 'session'}:${viewer.key}`;
    const held = this.perKey.get(key) ?? 0;
    if (held >= (anonymous ? maxAnonymousPerAddress : maxPerSession)) return undefined;
    if (this.total >= maxStreams) return undefined;
    if (viewer.kind !== 'organizer' && this.total >= maxStreams - organizerReserve) return undefined;
    if (anonymous && this.anonymous >= Math.floor(maxStreams * anonymousShare)) return undefined;

    this.perKey.set(key, held + 1);
    this.total++;
    if (anonymous) this.anonymous++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.total--;
      if (anonymous) this.anonymous--;
      const left = (this.perKey.get(key) ?? 1) - 1;
      if (left > 0) this.perKey.set(key, left);
      else this.perKey.delete(key);
    };
  }
}
