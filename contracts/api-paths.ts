/**
 * Every server path the web app calls, in one table: route patterns exactly as the server registers them (`:name` for
 * a path parameter), so a renamed route fails a test (server/http/api-paths.app.test.ts) instead of a phone.
 */
export const apiPaths = {
  config: '/api/config',
  health: '/api/health',
  /** better-auth's base path (its client adds the rest). */
  auth: '/api/auth',
  session: '/api/auth/get-session',
  profile: '/api/profile',
  generateName: '/api/profile/generate-name',
  gameCurrent: '/api/game/current',
  gameNext: '/api/game/next',
  gameStart: '/api/game/start',
  gameAttempts: '/api/game/attempts',
  gameGuesses: '/api/game/attempts/:attemptId/guesses',
  gameStats: '/api/game/stats',
  leaderboard: '/api/leaderboard',
  leaderboardMe: '/api/leaderboard/me',
  leaderboardStream: '/api/leaderboard/stream',
  leaderboardChampion: '/api/leaderboard/champion',
  leaderboardStrategy: '/api/leaderboard/strategy',
  boothInfo: '/api/leaderboard/booth-info',
  adminOverview: '/api/admin/overview',
  adminStream: '/api/admin/stream',
  adminAudit: '/api/admin/audit',
  adminPlayers: '/api/admin/players',
  adminPlayer: '/api/admin/players/:id',
  adminWinnersCsv: '/api/admin/winners.csv',
  adminBlocklist: '/api/admin/moderation/blocklist',
  adminModerationMatches: '/api/admin/moderation/matches',
  adminEvent: '/api/admin/event',
  adminResultsLock: '/api/admin/event/results-lock',
  adminBooth: '/api/admin/booth',
  adminArchives: '/api/admin/leaderboard/archives',
  adminArchive: '/api/admin/leaderboard/archives/:id',
  adminLeaderboardReset: '/api/admin/leaderboard/reset',
  adminBoardCountsPreview: '/api/admin/leaderboard/board-counts-preview',
  adminChallenges: '/api/admin/challenges',
  adminChallenge: '/api/admin/challenges/:id',
  adminChallengesImport: '/api/admin/challenges/import',
  adminChallengesCompose: '/api/admin/challenges/compose',
  adminChallengesCheck: '/api/admin/challenges/check',
  adminPoolHealth: '/api/admin/challenges/health',
  adminStarterPack: '/api/admin/challenges/starter-pack',
  adminGeneration: '/api/admin/challenges/generation',
  adminGenerationStream: '/api/admin/challenges/generation/:runId/stream',
  adminGenerationReview: '/api/admin/challenges/generation/:runId/review',
} as const;

/** The names of a pattern's `:name` parameters. */
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** `pattern` with each `:name` replaced by its value, encoded (every parameter the pattern names is required). */
export function withParams<P extends string>(pattern: P, params: Record<ParamNames<P>, string | number>): string {
  return pattern.replace(/:(\w+)/g, (_match, name: string) => encodeURIComponent(String(params[name as ParamNames<P>])));
}

/** `path` with a query string of the defined values (none: the path as it is). */
export function withQuery(path: string, query: Record<string, string | number | boolean | undefined> | URLSearchParams): string {
  const search =
    query instanceof URLSearchParams
      ? query
      : new URLSearchParams(Object.entries(query).flatMap(([key, value]) => (value === undefined ? [] : [[key, String(value)]])));
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}
