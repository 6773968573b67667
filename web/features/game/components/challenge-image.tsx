import { ImageOff } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@web/ui/button';
import { Skeleton } from '@web/ui/spinner';
import { cn } from '@web/lib/cn';

/**
 * The challenge image in a square box reserved up front (nothing jumps when it arrives), with a skeleton
 * until it has loaded. Non-square images are letterboxed rather than cropped: every pixel is a clue.
 */
export function ChallengeImage(props: ChallengeImageProps) {
  // A new image starts over (skeleton, no retries yet).
  return <ChallengeImageBox key={props.src} {...props} />;
}

interface ChallengeImageProps {
  src: string;
  alt: string;
  priority?: boolean;
  className?: string;
}

function ChallengeImageBox({ src, alt, priority = false, className }: ChallengeImageProps) {
  const [state, setState] = useState<'loading' | 'loaded' | 'failed'>('loading');
  const [retry, setRetry] = useState(0);

  return (
    <div className={cn('relative aspect-square w-full overflow-hidden rounded-2xl border border-night-700 bg-night-950', className)}>
      {state === 'loading' ? <Skeleton rounded={false} className="absolute inset-0" /> : null}
      {state === 'failed' ? (
        <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 p-6 text-center text-sm text-muted">
          <ImageOff className="size-8" aria-hidden />
          <p>The image could not be loaded.</p>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => {
              setState('loading');
              setRetry((count) => count + 1);
            }}
          >
            Try again
          </Button>
        </div>
      ) : (
        <img
          key={retry}
          ref={(element) => {
            // A cached image may finish before React attaches onLoad.
            if (element?.complete && element.naturalWidth > 0) setState('loaded');
          }}
          src={src}
          alt={alt}
          width={430}
          height={430}
          decoding="async"
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : 'auto'}
          onLoad={() => setState('loaded')}
          onError={() => setState('failed')}
          className={cn(
            'absolute inset-0 size-full object-contain transition-opacity duration-300',
            state === 'loaded' ? 'opacity-100' : 'opacity-0',
          )}
        />
      )}
    </div>
  );
}
