import { Link } from 'react-router';
import { paths } from '@contracts/paths';
import { cn } from '@web/lib/cn';
import { Logo } from './logo';

export const COMPANY_NAME = 'Genesis Labs';
export const COPYRIGHT_YEAR = 2025;

/** The footer on every page: copyright line and the privacy link, optionally with the logo. */
export function SiteFooter({ withLogo = false, className }: { withLogo?: boolean; className?: string }) {
  return (
    <footer
      className={cn('mt-auto flex flex-col items-center gap-2 border-t border-night-800 pt-6 text-center text-xs text-muted', className)}
    >
      {withLogo ? (
        <div className="mb-1 flex items-center gap-2">
          <Logo className="size-7" />
          <span className="font-display text-sm font-semibold text-ink">Guess the Genesis</span>
        </div>
      ) : null}
      <p>
        © {COPYRIGHT_YEAR} {COMPANY_NAME}. All rights reserved.
      </p>
      <Link to={paths.privacy} className="inline-flex min-h-11 items-center rounded px-3 text-accent underline-offset-4 hover:underline">
        Privacy Policy
      </Link>
    </footer>
  );
}
