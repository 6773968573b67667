import { LayoutDashboard, LogOut } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@contracts/paths';
import { Button } from '@web/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '@web/ui/popover';
import { useSignOut } from '../hooks/use-sign-out';
import { AVATAR_CLASS, avatarInitials } from './user-menu';

/**
 * The account menu itself (Radix Popover, ~20 kB gzip with its positioning library): loaded when the player first
 * reaches for the avatar (user-menu.tsx), so /play's first load does not wait for it. Opens at once when loaded.
 */
export default function UserMenuPopover({ email, role }: { email: string | null | undefined; role?: string | null }) {
  const { signOut, isSigningOut } = useSignOut();
  return (
    <Popover defaultOpen>
      <PopoverTrigger aria-label="Account menu" className={AVATAR_CLASS}>
        <span aria-hidden>{avatarInitials(email)}</span>
      </PopoverTrigger>
      <PopoverContent label="Account">
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
