import type { ReactNode } from 'react';

/** A figure with its label (the count and stat cards of every tab); `hint` says what it covers. */
export function StatCard({ label, value, hint, tone }: { label: string; value: ReactNode; hint?: string; tone?: 'success' | 'warning' | 'danger' | 'info' }) {
  return (
    <div className={`stat-card${tone ? ` stat-card--${tone}` : ''}`}>
      <span className="stat-card__label">{label}</span>
      <strong className="stat-card__value">{value}</strong>
      {hint ? <span className="stat-card__hint">{hint}</span> : null}
    </div>
  );
}
