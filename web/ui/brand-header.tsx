import { Link } from 'react-router';
import { paths } from '@contracts/paths';
import { Logo } from './logo';

/** The centred logo + title that tops the stand-alone pages (auth, reset, 404); it links home. */
export function BrandHeader() {
  return (
    <header className="flex justify-center pb-6 pt-10">
      <Link to={paths.landing} className="flex items-center gap-3 rounded-xl">
        <Logo className="size-11" />
        <span className="font-display text-xl font-bold tracking-tight">Guess the Genesis</span>
      </Link>
    </header>
  );
}
