import { useId } from 'react';
import { cn } from '@web/lib/cn';

/** The Guess the Genesis mark: a four-point spark on a night tile (same drawing as the favicon). `className` gives its size (size-*). */
export function Logo({ className, title }: { className: string; title?: string }) {
  const gradientId = useId();
  return (
    // biome-ignore lint/a11y/noSvgWithoutTitle: without a title the logo is decorative and hidden from assistive technology.
    <svg viewBox="0 0 64 64" className={cn('shrink-0', className)} role={title ? 'img' : undefined} aria-hidden={title ? undefined : true}>
      {title ? <title>{title}</title> : null}
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#a78bfa" />
          <stop offset="1" stopColor="#f472b6" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="16" fill="#15132b" stroke="#3a356a" strokeWidth="2" />
      <path d="M32 10l5.5 14.5L52 30l-14.5 5.5L32 50l-5.5-14.5L12 30l14.5-5.5z" fill={`url(#${gradientId})`} />
    </svg>
  );
}
