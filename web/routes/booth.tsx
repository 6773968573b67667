import { BoothScreen } from '@web/features/leaderboard/components/booth-screen';
import { withQueryClient } from '@web/lib/query-client';

/** /booth: the leaderboard for the TV at the stand (/leaderboard?booth=1 redirects here). */
function BoothPage() {
  return (
    <>
      <title>Live leaderboard · Guess the Genesis</title>
      <BoothScreen />
    </>
  );
}

export default withQueryClient(BoothPage);
