import { Suspense, useState } from 'react';
import { LazyBoundary } from '@web/lib/lazy-boundary';
import { lazyWithPreload } from '@web/lib/lazy-with-preload';

/** The avatar's two letters: the e-mail's first two characters in upper case, 'GG' without one. */
export function avatarInitials(email: string | null | undefined): string {
  const letters = (email ?? '').trim().slice(0, 2).toUpperCase();
  return letters || 'GG';
}

export const AVATAR_CLASS =
  'flex size-11 items-center justify-center rounded-full bg-gradient-to-br from-cta-from to-cta-to font-display text-sm font-bold text-white shadow-lg shadow-accent-strong/30 ring-2 ring-night-900 transition hover:brightness-110 data-[state=open]:ring-accent';

const UserMenuPopover = lazyWithPreload(() => import('./user-menu-popover').then((module) => module.default));
const loadPopover = () => UserMenuPopover.preload().catch(() => undefined);

/**
 * The /play header avatar: opens a popover with the player's e-mail and Sign Out (and, for organizers, the console).
 * Until the player reaches for it, a button that looks the same: the popover's code loads on hover, focus or tap
 * (docs/decisions/020), so it is not part of /play's first load on slow Wi-Fi.
 */
export function UserMenu({ email, role }: { email: string | null | undefined; role?: string | null }) {
  const [wanted, setWanted] = useState(false);
  const placeholder = (
    <button
      type="button"
      aria-label="Account menu"
      aria-haspopup="dialog"
      aria-expanded={false}
      className={AVATAR_CLASS}
      onPointerEnter={() => void loadPopover()}
      onPointerDown={() => void loadPopover()}
      onFocus={() => void loadPopover()}
      onClick={() => setWanted(true)}
    >
      <span aria-hidden>{avatarInitials(email)}</span>
    </button>
  );
  if (!wanted) return placeholder;
  return (
    <LazyBoundary retry={UserMenuPopover.preload} reconnecting={placeholder}>
      <Suspense fallback={placeholder}>
        <UserMenuPopover email={email} role={role} />
      </Suspense>
    </LazyBoundary>
  );
}
