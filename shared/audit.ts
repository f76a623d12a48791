import type { UserRole } from './users.ts';

/** One admin change as the audit log and a booking's history show it: who, what, on which thing, before and after, and when. */
export type AuditEntry = {
  id: string;
  at: string;
  actor: { id: string; name: string; email: string; role: UserRole };
  /** e.g. booking.confirm, booking.check-in, cottage.update, pricing-rule.delete, user.suspend */
  action: string;
  /** The kind of thing changed (booking, cottage, package, safari, pricing-rule, user, ...) and its id. */
  subject_type: string;
  subject_id: string;
  /** What a person calls the thing (a booking reference, a villa's name, a user's e-mail). */
  label?: string;
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
  note?: string;
};
