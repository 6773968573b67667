import { Spinner } from './spinner';

/** Full-height 'Loading...' state, shown while the session (or a page chunk) is not known yet. */
export function LoadingScreen({ label = 'Loading...' }: { label?: string }) {
  return (
    <div className="flex min-h-dvh items-center justify-center px-4">
      <Spinner label={label} />
    </div>
  );
}
