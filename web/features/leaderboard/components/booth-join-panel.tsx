import { Lock, Quote, TriangleAlert } from 'lucide-react';
import { formatScore } from '@contracts/game.rules';
import type { LeaderboardEntry } from '@contracts/leaderboard';
import { FitText } from '@web/ui/fit-text';
import { isLoopbackUrl } from '../loopback-url';
import { BoothQrCode } from './booth-qr-code';

/**
 * The booth's side panel: the QR code that opens the game (or why it cannot), and the #1's strategy fitted to its box.
 * While the event is `closed` it says so instead of inviting a scan, and shows no code.
 */
export function BoothJoinPanel({
  gameUrl,
  leader,
  strategy,
  closed = false,
  final = false,
}: {
  gameUrl: string | undefined;
  leader: LeaderboardEntry | undefined;
  strategy: string | null;
  closed?: boolean;
  /** After the final whistle: no invitation to beat the #1, the board is settled; games from now on are practice. */
  final?: boolean;
}) {
  const loopback = gameUrl ? isLoopbackUrl(gameUrl) : false;
  const showStrategy = Boolean(leader && strategy);
  // With a strategy to show, the QR code gives up some height (still scannable from a few metres).
  const qrSize = showStrategy ? 'size-[25vh]' : 'size-[34vh]';
  return (
    <aside className="flex min-h-0 min-w-0 flex-1 flex-col items-center rounded-[3vh] border border-night-700 bg-night-900/80 px-[1.8vw] py-[2.6vh] text-center shadow-2xl shadow-accent-strong/10 [&>*]:shrink-0">
      {closed ? (
        <div data-testid="booth-closed" className="flex flex-col items-center">
          <Lock className="size-[8vh] text-muted" aria-hidden />
          <p className="mt-[1.4vh] font-display text-[4.6vh] leading-tight font-extrabold">The game is closed</p>
          <p className="mt-[0.8vh] text-[2.6vh] text-muted">No new games start now. Thanks for playing!</p>
        </div>
      ) : (
        <>
          {final ? (
            <p data-testid="booth-final" className="font-display text-[4.6vh] leading-tight font-extrabold">
              The board is final
            </p>
          ) : (
            <p className="font-display text-[4.6vh] leading-tight font-extrabold">Scan to play</p>
          )}
          {final ? (
            <p className="mt-[0.4vh] text-[2.4vh] text-muted">Winners are announced soon. Scan to play for practice.</p>
          ) : showStrategy ? null : (
            <p className="mt-[0.4vh] text-[2.4vh] text-muted">Guess the prompt. Top the board.</p>
          )}
        </>
      )}
      {closed ? null : loopback ? (
        <div
          role="alert"
          data-testid="booth-loopback-warning"
          className="mt-[2.4vh] flex w-full flex-col items-center gap-[1.2vh] rounded-[2vh] border-2 border-amber-400 bg-amber-400/10 p-[2.4vh] text-left"
        >
          <TriangleAlert className="size-[6vh] text-amber-300" aria-hidden />
          <p className="text-center font-display text-[3.2vh] leading-tight font-extrabold text-amber-100">
            Phones cannot open this game yet
          </p>
          <p className="text-[2.2vh] leading-snug text-ink">
            The game's address is <span className="font-mono font-bold">{gameUrl}</span>, which only works on this computer.
          </p>
          <p className="text-[2.2vh] leading-snug text-ink">
            Set <span className="font-mono font-bold">PUBLIC_URL</span> (or <span className="font-mono font-bold">GAME_URL</span>) to an
            address phones reach, such as this machine's network address, and restart the server.
          </p>
        </div>
      ) : (
        <>
          <div data-testid="booth-qr" className="mt-[2vh] rounded-[2.4vh] bg-white p-[1.2vh] shadow-[0_0_6vh_rgb(167_139_250/0.35)]">
            {gameUrl ? <BoothQrCode url={gameUrl} className={`block ${qrSize}`} /> : <div className={qrSize} />}
          </div>
          <p
            data-testid="booth-short-url"
            className="mt-[1.4vh] max-w-full truncate leading-normal font-mono text-[2.4vh] font-semibold text-accent"
          >
            {gameUrl?.replace(/^https?:\/\//, '').replace(/\/$/, '')}
          </p>
        </>
      )}
      {closed || final ? null : leader && leader.score >= 100 ? (
        // Nobody beats a perfect score: say what wins the tie instead (the board's tie-break).
        <p data-testid="booth-challenge" className="mt-[1.4vh] font-display text-[2.8vh] leading-tight font-extrabold">
          <span className="text-glow">{formatScore(leader.score)}</span> is taken: match it in fewer guesses, or faster, to win
        </p>
      ) : leader ? (
        <p data-testid="booth-challenge" className="mt-[1.4vh] font-display text-[3.2vh] leading-tight font-extrabold">
          Can you beat <span className="text-glow">{formatScore(leader.score)}</span>?
        </p>
      ) : null}
      {leader && showStrategy ? (
        <figure
          data-testid="booth-strategy"
          className="mt-[1.4vh] flex min-h-0 w-full flex-1 !shrink flex-col rounded-[2vh] border border-glow/40 bg-gradient-to-br from-accent-strong/20 to-glow/10 p-[1.8vh] text-left"
        >
          <figcaption className="flex shrink-0 items-center gap-[0.6vw] text-[1.8vh] font-bold tracking-wider text-glow uppercase">
            <Quote className="size-[2.2vh]" aria-hidden />
            <span className="truncate">{leader.displayName}'s winning strategy</span>
          </figcaption>
          <FitText maxVh={3.2} minVh={1.4} className="mt-[0.8vh] flex-1 text-ink">
            <blockquote>{strategy}</blockquote>
          </FitText>
        </figure>
      ) : (
        <p className="mt-auto pt-[1.6vh] text-[2.2vh] text-muted">Only the top scorer gets to reveal their winning strategy.</p>
      )}
    </aside>
  );
}
