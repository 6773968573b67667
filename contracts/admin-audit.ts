import { z } from 'zod';
import { ADMIN_AUDIT_PAGE_SIZE } from './admin.rules';

/** GET /api/admin/audit: newest first, paginated. */
export const auditQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(ADMIN_AUDIT_PAGE_SIZE),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  /** Who: the organizer's e-mail, or 'command line' for a CLI run through the server. Null once that account is gone. */
  actor: z.string().nullable(),
  /** What: one of AUDIT_ACTIONS. */
  action: z.string(),
  /** On whom: the player's id (kept after deletion, it names nobody) … */
  targetId: z.string().nullable(),
  /** … and a readable label (display name or e-mail at the time; removed when the player is deleted). */
  targetLabel: z.string().nullable(),
  /** What changed, e.g. {from, to} for a rename; never a deleted player's personal data. */
  details: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditResponseSchema = z.object({
  entries: z.array(auditEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AuditResponse = z.infer<typeof auditResponseSchema>;
