import { Timer } from 'lucide-react';
import { useEffect, useState } from 'react';

/** "12:34" or "1:02:03" left until `to` (never negative). */
export function formatCountdown(msLeft: number): string {
  const total = Math.max(0, Math.ceil(msLeft / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const pad = (value: number) => String(value).padStart(2, '0');
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(seconds)}` : `${pad(minutes)}:${pad(seconds)}`;
}

/** The final countdown above the live board (which keeps updating under it). */
export function BoothCountdown({ to }: { to: string }) {
  const end = Date.parse(to);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, []);
  const left = end - now;
  const over = left <= 0;
  const endsAt = new Date(end).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  return (
    <section
      aria-label="Final countdown"
      data-testid="booth-countdown"
      className="mb-[1.6vh] flex shrink-0 items-center gap-[2vw] rounded-[2vh] border border-amber-300/50 bg-gradient-to-r from-amber-400/20 via-night-900/90 to-accent-strong/20 px-[2vw] py-[1.4vh]"
    >
      <Timer className="size-[8vh] shrink-0 text-amber-300" aria-hidden />
      <div className="min-w-0 flex-1">
        <p className="text-[2.6vh] font-bold tracking-[0.2em] text-amber-200 uppercase">{over ? "Time's up!" : 'Final countdown'}</p>
        <p className="text-[2.4vh] text-muted">
          {over ? 'The board is final: winners are announced soon.' : `The board closes at ${endsAt}`}
        </p>
      </div>
      <p className="font-display text-[9vh] leading-none font-extrabold text-ink tabular-nums" data-testid="booth-countdown-time">
        {formatCountdown(left)}
      </p>
    </section>
  );
}
