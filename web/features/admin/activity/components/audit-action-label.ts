import type { AuditEntry } from '@contracts/admin-audit';
import { AUDIT_ACTIONS } from '@contracts/admin.rules';

const labels: Record<string, string> = {
  [AUDIT_ACTIONS.playerRename]: 'Renamed a player',
  [AUDIT_ACTIONS.playerHide]: 'Hid a player',
  [AUDIT_ACTIONS.playerUnhide]: 'Unhid a player',
  [AUDIT_ACTIONS.playerDelete]: 'Deleted a player',
  [AUDIT_ACTIONS.eventUpdate]: 'Changed the event',
  [AUDIT_ACTIONS.leaderboardReset]: 'Reset the leaderboard',
  [AUDIT_ACTIONS.winnersExport]: 'Exported winners',
  [AUDIT_ACTIONS.organizerCreate]: 'Made an organizer',
  [AUDIT_ACTIONS.challengesImport]: 'Imported challenges',
};

/** A sentence for an audit action ('player.rename' → 'Renamed a player'); unknown actions are shown as sent. */
export const auditActionLabel = (action: string) => labels[action] ?? action;

/** The entry's details as short 'key: value' pairs (e.g. 'from: Bob · to: Robert'). */
export function auditDetails(entry: AuditEntry): string {
  return Object.entries(entry.details)
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(' · ');
}
