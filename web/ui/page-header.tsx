import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@contracts/paths';
import { Logo } from './logo';

/** The sticky logo + title bar of the in-app pages (/play, /leaderboard), with optional controls either side. */
export function PageHeader({ start, end }: { start?: ReactNode; end?: ReactNode }) {
  return (
    <header className="sticky top-0 z-20 -mx-4 flex min-h-[4.25rem] items-center gap-3 border-b border-night-800/80 bg-night-950/80 px-4 py-3 backdrop-blur">
      {start}
      <Link to={paths.landing} className="flex min-h-11 min-w-0 items-center gap-3 rounded-xl">
        <Logo className="size-9" />
        <span className="truncate font-display text-lg font-bold tracking-tight">Guess the Genesis</span>
      </Link>
      <span className="flex-1" />
      {end}
    </header>
  );
}
