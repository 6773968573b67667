import { BoothScreen } from '@web/features/leaderboard/components/booth-screen';

/** /booth: the leaderboard for the TV at the stand (/leaderboard?booth=1 redirects here). */
export default function BoothPage() {
  return (
    <>
      <title>Live leaderboard · Guess the Genesis</title>
      <BoothScreen />
    </>
  );
}
