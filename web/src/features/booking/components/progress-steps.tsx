import type { Draft } from '../model/draft';
import { canJumpTo, STEP_COUNT, stepNames, stepStatus, type Step } from '../model/wizard';

const statusLabel = { completed: 'completed', active: 'current step', enabled: 'available', pending: 'not available yet' } as const;

/**
 * The four numbered steps with their caption and fill (docs/product.md#booking-wizard) ((step-1)/3 of the bar). A circle is a
 * button when the guest may jump there: the current step, an earlier one, or the next when valid.
 */
export function ProgressSteps({ step, draft, onJump }: { step: Step; draft: Draft; onJump: (step: Step) => void }) {
  const steps = stepNames.map((name, index) => ({ name, number: (index + 1) as Step }));
  return (
    <nav aria-label="Booking progress" className="progress">
      <p className="progress__caption" aria-live="polite">
        Step {step} of {STEP_COUNT}: {stepNames[step - 1]}
      </p>
      <div className="progress__bar" aria-hidden="true">
        <div className="progress__fill" data-testid="progress-fill" style={{ width: `${((step - 1) / (STEP_COUNT - 1)) * 100}%` }} />
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
                aria-label={`Step ${number}: ${name}, ${statusLabel[status]}`}
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
