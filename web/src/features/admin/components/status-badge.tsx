const tones: Record<string, string> = {
  active: 'success',
  confirmed: 'success',
  paid: 'success',
  completed: 'info',
  'checked-in': 'info',
  processed: 'info',
  pending: 'warning',
  seasonal: 'warning',
  promotional: 'info',
  maintenance: 'warning',
  expired: 'muted',
  inactive: 'muted',
  cancelled: 'danger',
  suspended: 'danger',
  refunded: 'muted',
  failed: 'danger',
  locked: 'danger',
};

/** A status as a coloured chip with its words (colour is never the only signal). */
export function StatusBadge({ status, label }: { status: string; label?: string }) {
  return <span className={`badge badge--${tones[status] ?? 'muted'}`}>{label ?? status.replace(/-/g, ' ')}</span>;
}
