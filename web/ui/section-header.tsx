import type { ReactNode } from 'react';

/** A wide page's heading row (the console): the title (h1, also the tab title), a sentence under it, actions on the right. */
export function SectionHeader({
  title,
  documentTitle,
  description,
  actions,
}: {
  title: string;
  documentTitle?: string;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <div className="min-w-0">
        <title>{documentTitle ?? title}</title>
        <h1 className="font-display text-2xl font-bold tracking-tight">{title}</h1>
        {description ? <p className="mt-1 text-sm text-muted">{description}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
}
