import { Activity, ArrowLeft, CalendarCog, Gauge, Images, Monitor, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '@contracts/paths';
import { cn } from '@web/lib/cn';
import './admin-console.css';
import { Logo } from '@web/ui/logo';

/** The console's sections, in menu order; `to` is relative to /admin. */
export const adminSections = [
  { to: '', label: 'Overview', icon: Gauge },
  { to: 'players', label: 'Players', icon: Users },
  { to: 'event', label: 'Event', icon: CalendarCog },
  { to: 'challenges', label: 'Challenges', icon: Images },
  { to: 'activity', label: 'Activity', icon: Activity },
] as const;

export type AdminSectionPath = (typeof adminSections)[number]['to'];

const sectionHref = (to: string) => (to ? `${paths.admin}/${to}` : paths.admin);

/**
 * The section the address names ('' for the overview), or null for an unknown one. Matched by hand (not with
 * <Routes>/<NavLink>) so the console adds nothing to the router code every page loads.
 */
export function useAdminSection(): AdminSectionPath | null {
  const rest = useLocation()
    .pathname.slice(paths.admin.length)
    .replace(/^\/+|\/+$/g, '');
  return adminSections.find((section) => section.to === rest)?.to ?? null;
}

/**
 * The organizer console frame: a sidebar on desktop (1366×768 first), a sticky top bar with scrollable tabs on a
 * phone. The page content is wide (tables, charts), unlike the 430 px player column.
 */
export function AdminShell({ children }: { children: ReactNode }) {
  const current = useAdminSection();
  return (
    <div className="min-h-dvh lg:grid lg:grid-cols-[14rem_1fr]">
      <aside className="z-20 border-b lg:sticky lg:top-0 lg:self-start border-night-800 bg-night-950/90 backdrop-blur lg:h-dvh lg:border-b-0 lg:border-r">
        <div className="flex items-center gap-3 px-4 pb-2 pt-3 lg:px-5 lg:pb-4 lg:pt-6">
          <Link to={paths.landing} className="flex min-w-0 items-center gap-3 rounded-xl">
            <Logo className="size-9" />
            <span className="min-w-0">
              <span className="block font-display text-base font-bold leading-tight tracking-tight lg:text-sm">Guess the Genesis</span>
              <span className="block whitespace-nowrap text-xs font-medium uppercase tracking-wide text-muted lg:text-[0.6875rem]">
                Organizer console
              </span>
            </span>
          </Link>
        </div>
        <nav aria-label="Console sections" className="px-2 pb-2 lg:px-3 lg:pb-0">
          <ul className="flex flex-wrap gap-1 lg:flex-col">
            {adminSections.map(({ to, label, icon: Icon }) => (
              <li key={label} className="shrink-0">
                <Link
                  to={sectionHref(to)}
                  aria-current={current === to ? 'page' : undefined}
                  className={cn(
                    'flex min-h-11 items-center gap-3 rounded-xl px-3 text-sm font-semibold transition',
                    current === to ? 'bg-night-700 text-ink' : 'text-muted hover:bg-night-800 hover:text-ink',
                  )}
                >
                  <Icon className="size-4" aria-hidden />
                  {label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex flex-wrap gap-1 px-2 pb-2 lg:flex-col lg:px-3 lg:pt-6 lg:pb-0">
          <Link
            to={paths.booth}
            className="flex min-h-11 items-center gap-3 rounded-xl px-3 text-sm text-muted hover:bg-night-800 hover:text-ink"
          >
            <Monitor className="size-4" aria-hidden />
            Booth screen
          </Link>
          <Link
            to={paths.play}
            className="flex min-h-11 items-center gap-3 rounded-xl px-3 text-sm text-muted hover:bg-night-800 hover:text-ink"
          >
            <ArrowLeft className="size-4" aria-hidden />
            Back to the game
          </Link>
        </div>
      </aside>
      <main className="mx-auto w-full max-w-6xl px-4 py-6 lg:px-6 lg:py-8">{children}</main>
    </div>
  );
}
