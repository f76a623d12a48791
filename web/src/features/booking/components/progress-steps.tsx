import { useT, type MessageId } from '@/i18n/i18n';
import type { Draft } from '../model/draft';
import { canJumpTo, STEP_COUNT, stepStatus, type Step } from '../model/wizard';

const statusLabel = {
  completed: 'completed',
  active: 'current step',
  enabled: 'available',
  pending: 'not available yet',
} as const satisfies Record<string, MessageId>;
const stepName = [
  'Date & Accommodation Selection',
  'Package Selection',
  'Safari Selection',
  'Payment and Confirmation',
] as const satisfies readonly MessageId[];

/**
 * The four numbered steps with their caption and fill (docs/product.md#booking-wizard) ((step-1)/3 of the bar). A circle is a
 * button when the guest may jump there: the current step, an earlier one, or the next when valid.
 */
export function ProgressSteps({ step, draft, onJump }: { step: Step; draft: Draft; onJump: (step: Step) => void }) {
  const t = useT();
  const steps = stepName.map((id, index) => ({ name: t(id), number: (index + 1) as Step }));
  return (
    <nav aria-label={t('Booking progress')} className="progress">
      <p className="progress__caption" aria-live="polite">
        {t('Step {step} of {count}: {name}', { step, count: STEP_COUNT, name: t(stepName[step - 1] ?? 'Date & Accommodation Selection') })}
      </p>
      <div className="progress__bar" aria-hidden="true">
        <div className="progress__fill" data-testid="progress-fill" style={{ transform: `scaleX(${(step - 1) / (STEP_COUNT - 1)})` }} />
      </div>
      <ol className="progress__steps">
        {steps.map(({ name, number }) => {
          const status = stepStatus(number, step, draft);
          const clickable = canJumpTo(number, step, draft);
          return (
            <li key={name} className={`progress__step progress__step--${status}`} data-status={status}>
              <button
                type="button"
                className="progress__circle"
                disabled={!clickable}
                aria-current={status === 'active' ? 'step' : undefined}
                aria-label={t('Step {step}: {name}, {status}', { step: number, name, status: t(statusLabel[status]) })}
                onClick={() => number !== step && onJump(number)}
              >
                {status === 'completed' ? '✓' : number}
              </button>
              <span className="progress__name" aria-hidden="true">
                {name}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
