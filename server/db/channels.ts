/** NOTIFY channels shared between capabilities (the payload is JSON). */
export const LEADERBOARD_CHANNEL = 'leaderboard_changed';
export interface LeaderboardChangedPayload {
  reason: 'attempt_completed' | 'profile_changed' | 'reset' | 'moderation';
  userId?: string;
}
