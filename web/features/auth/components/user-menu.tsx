import { LayoutDashboard, LogOut } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@contracts/paths';
import { Button } from '@web/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '@web/ui/popover';
import { useSignOut } from '../hooks/use-sign-out';

/** The avatar's two letters: the e-mail's first two characters in upper case, 'GG' without one (SPEC 8). */
export function avatarInitials(email: string | null | undefined): string {
  const letters = (email ?? '').trim().slice(0, 2).toUpperCase();
  return letters || 'GG';
}

/** The /play header avatar: opens a popover with the player's e-mail and Sign Out (and, for organizers, the console). */
export function UserMenu({ email, role }: { email: string | null | undefined; role?: string | null }) {
  const { signOut, isSigningOut } = useSignOut();
  return (
    <Popover>
      <PopoverTrigger
        aria-label="Account menu"
        className="flex size-11 items-center justify-center rounded-full bg-gradient-to-br from-cta-from to-cta-to font-display text-sm font-bold text-white shadow-lg shadow-accent-strong/30 ring-2 ring-night-900 transition hover:brightness-110 data-[state=open]:ring-accent"
      >
        <span aria-hidden>{avatarInitials(email)}</span>
      </PopoverTrigger>
      <PopoverContent className="w-72" label="Account">
        <p className="text-xs font-medium uppercase tracking-wider text-muted">Signed in as</p>
        <p className="mt-1 text-sm [overflow-wrap:anywhere] font-semibold text-ink">{email}</p>
        {role === 'organizer' ? (
          <Button asChild variant="outline" className="mt-4 w-full">
            <Link to={paths.admin}>
              <LayoutDashboard className="size-4" aria-hidden />
              Organizer console
            </Link>
          </Button>
        ) : null}
        <Button variant="secondary" className="mt-4 w-full" onClick={signOut} disabled={isSigningOut}>
          <LogOut className="size-4" aria-hidden />
          Sign Out
        </Button>
      </PopoverContent>
    </Popover>
  );
}
