import { useEffect, useRef, type ReactNode } from 'react';
import { useWizard } from '../hooks/wizard-context';

/** A step's heading; after a step change it takes focus, so keyboard and screen-reader users land on the new step. */
export function StepHeading({ children, description }: { children: ReactNode; description?: ReactNode }) {
  const { takeFocusRequest } = useWizard();
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (takeFocusRequest()) ref.current?.focus();
  }, [takeFocusRequest]);
  return (
    <div className="step-heading">
      <h2 ref={ref} tabIndex={-1} id="step-heading">
        {children}
      </h2>
      {description && <p className="muted">{description}</p>}
    </div>
  );
}
