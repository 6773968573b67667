/**
 * Placeholder: helper `hardening` replaces this file with the blocklist editor (names and strategies checked
 * against a word list plus an organizer-editable blocklist). The Players page renders it below the table.
 */
export function ModerationPanel() {
  return null;
}
