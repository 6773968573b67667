import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '@contracts/admin-audit';
import { AUDIT_ACTIONS } from '@contracts/admin.rules';
import { auditActionLabel, auditDetails } from './audit-action-label';

const entry = (details: Record<string, unknown>): AuditEntry => ({
  id: 1,
  at: new Date(0).toISOString(),
  actor: 'o@example.test',
  action: AUDIT_ACTIONS.eventUpdate,
  targetId: null,
  targetLabel: null,
  details,
});

describe('audit log wording', () => {
  it('names every recorded action in words, and shows an unknown one as sent', () => {
    for (const action of Object.values(AUDIT_ACTIONS)) expect(auditActionLabel(action)).not.toBe(action);
    expect(auditActionLabel('something.new')).toBe('something.new');
  });

  it('shows changes as from → to, switches as on/off, and leaves empty values out', () => {
    expect(auditDetails(entry({ isOpen: { from: true, to: false } }))).toBe('is open: on → off');
    expect(auditDetails(entry({ maxChallengesPerPlayer: { from: null, to: 3 }, archiveId: null }))).toBe(
      'max challenges per player: none → 3',
    );
    expect(auditDetails(entry({ label: 'Tuesday', entries: 4 }))).toBe('label: Tuesday · entries: 4');
    expect(auditDetails(entry({}))).toBe('');
  });
});
