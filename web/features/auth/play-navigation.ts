/**
 * A sign-up that signed the player in at once (docs/decisions/039) hands /play "start the first challenge now". Kept in
 * sessionStorage, not in the navigation's state: the guard around /auth also sends a signed-in player to /play, and
 * that second navigation carries no state.
 */
const START_NOW_KEY = 'gg.start-now';

export function markStartNow() {
  try {
    sessionStorage.setItem(START_NOW_KEY, '1');
  } catch {
    // private mode without storage: the player taps START CHALLENGE
  }
}

/** Whether /play should start a challenge by itself; asking clears it (once per sign-up). */
export function takeStartNow(): boolean {
  try {
    const marked = sessionStorage.getItem(START_NOW_KEY) === '1';
    sessionStorage.removeItem(START_NOW_KEY);
    return marked;
  } catch {
    return false;
  }
}
