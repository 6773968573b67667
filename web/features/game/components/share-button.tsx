import { Check, Share2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@web/ui/button';
import { notifySuccess } from '@web/ui/toast';

/** The shared link of a finished game: its page unfurls in chat apps with the server-drawn card. */
export const shareUrlFor = (attemptId: string) => `${window.location.origin}/s/${attemptId}`;

/**
 * SHARE: the system share sheet where there is one (phones), else the link is copied; if even that is refused, the
 * link is shown to copy by hand.
 */
export function ShareButton({ attemptId, score }: { attemptId: string; score: string }) {
  const [copied, setCopied] = useState(false);
  const [manual, setManual] = useState<string | null>(null);
  const url = shareUrlFor(attemptId);
  const text = `I scored ${score} on Guess the Genesis. Can you beat it?`;

  async function share() {
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: 'Guess the Genesis', text, url });
        return;
      } catch (error) {
        // The player closed the sheet: nothing to do. Anything else falls back to copying.
        if ((error as Error).name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      notifySuccess('Link copied', 'Paste it anywhere: it shows your score card.');
    } catch {
      setManual(url);
    }
  }

  return (
    <div className="flex flex-col gap-2">
      <Button variant="secondary" size="lg" className="w-full" onClick={() => void share()} data-share-url={url}>
        {copied ? <Check className="size-4" aria-hidden /> : <Share2 className="size-4" aria-hidden />}
        {copied ? 'LINK COPIED' : 'SHARE MY SCORE'}
      </Button>
      {manual ? (
        <label className="text-left text-xs text-muted">
          Copy this link to share your score
          <input
            readOnly
            value={manual}
            onFocus={(event) => event.target.select()}
            className="mt-1 h-11 w-full rounded-lg border border-night-600 bg-night-950 px-3 text-sm text-ink"
          />
        </label>
      ) : null}
    </div>
  );
}
