import type { AuditEntry } from '@contracts/admin-audit';
import { AUDIT_ACTIONS } from '@contracts/admin.rules';

const labels: Record<string, string> = {
  [AUDIT_ACTIONS.playerRename]: 'Renamed a player',
  [AUDIT_ACTIONS.playerHide]: 'Hid a player',
  [AUDIT_ACTIONS.playerUnhide]: 'Unhid a player',
  [AUDIT_ACTIONS.playerDelete]: 'Deleted a player',
  [AUDIT_ACTIONS.eventUpdate]: 'Changed the event',
  [AUDIT_ACTIONS.boothUpdate]: 'Switched the booth screen',
  [AUDIT_ACTIONS.leaderboardReset]: 'Reset the leaderboard',
  [AUDIT_ACTIONS.winnersExport]: 'Exported winners',
  [AUDIT_ACTIONS.organizerCreate]: 'Made an organizer',
  [AUDIT_ACTIONS.challengesImport]: 'Imported challenges',
  [AUDIT_ACTIONS.challengeDisable]: 'Disabled a challenge',
  [AUDIT_ACTIONS.challengeEnable]: 'Enabled a challenge',
  [AUDIT_ACTIONS.challengeDelete]: 'Deleted a challenge',
  [AUDIT_ACTIONS.generationStart]: 'Started generating challenges',
  [AUDIT_ACTIONS.generationReview]: 'Reviewed generated images',
  [AUDIT_ACTIONS.blocklistUpdate]: 'Changed the blocklist',
  [AUDIT_ACTIONS.starterPackImport]: 'Loaded the starter pack',
  [AUDIT_ACTIONS.starterPackRemove]: 'Retired the starter pack',
  [AUDIT_ACTIONS.resultsLock]: 'Locked the results',
  [AUDIT_ACTIONS.resultsUnlock]: 'Unlocked the results',
};

/** A sentence for an audit action ('player.rename' → 'Renamed a player'); unknown actions are shown as sent. */
export const auditActionLabel = (action: string) => labels[action] ?? action;

/** 'maxChallengesPerPlayer' → 'max challenges per player'. */
const words = (key: string) => key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();

function show(value: unknown): string {
  if (value === null || value === undefined) return 'none';
  if (typeof value === 'boolean') return value ? 'on' : 'off';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (typeof value === 'object' && value !== null && 'from' in value && 'to' in value) {
    const change = value as { from: unknown; to: unknown };
    return `${show(change.from)} → ${show(change.to)}`;
  }
  return JSON.stringify(value);
}

/** The entry's details as short pairs, e.g. 'is open: on → off · label: Tuesday'; empty values are left out. */
export function auditDetails(entry: AuditEntry): string {
  return Object.entries(entry.details)
    .filter(([, value]) => value !== null && value !== undefined)
    .map(([key, value]) => `${words(key)}: ${show(value)}`)
    .join(' · ');
}
