import { Megaphone } from 'lucide-react';
import { FitText } from '@web/ui/fit-text';

/**
 * The organizer's one-line message ("Prize draw at 17:00"), as large as it fits in its panel: it wraps between words
 * (lines balanced) rather than run past the panel's edges, so every message up to BOOTH_MESSAGE_MAX_LENGTH fits at
 * 1280×720 as at 1920×1080.
 */
export function BoothMessage({ message }: { message: string }) {
  return (
    <section
      aria-label="Announcement"
      data-testid="booth-message"
      className="flex min-h-0 flex-1 flex-col items-center justify-center rounded-[3vh] border border-accent/50 bg-gradient-to-br from-accent-strong/25 via-night-900/90 to-glow/15 px-[3vw] py-[4vh] text-center"
    >
      <Megaphone className="size-[12vh] shrink-0 text-glow" aria-hidden />
      <FitText
        maxVh={14}
        minVh={3}
        className="mt-[3vh] flex w-full flex-1 items-center justify-center font-display leading-tight font-extrabold text-ink"
      >
        <p className="text-balance">{message}</p>
      </FitText>
    </section>
  );
}
