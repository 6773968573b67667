/** Every query key the leaderboard feature uses; a finished challenge invalidates `all`. */
export const leaderboardKeys = {
  all: ['leaderboard'] as const,
  board: (limit: number) => [...leaderboardKeys.all, 'board', limit] as const,
  myRank: () => [...leaderboardKeys.all, 'me'] as const,
  champion: () => [...leaderboardKeys.all, 'champion'] as const,
  boothInfo: () => [...leaderboardKeys.all, 'booth-info'] as const,
};
