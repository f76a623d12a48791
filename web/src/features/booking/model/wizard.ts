import { partySize, villaAvailable, type Draft } from './draft';

export const STEP_COUNT = 4;
export type Step = 1 | 2 | 3 | 4;
export type StepStatus = 'completed' | 'active' | 'enabled' | 'pending';

export const isStep = (value: number): value is Step => Number.isInteger(value) && value >= 1 && value <= STEP_COUNT;

/** docs/product.md#step-navigation: step 1 needs dates, a villa and a positive availability answer; step 2 a package the party fits; 3 and 4 always. */
export function isStepValid(step: Step, draft: Draft): boolean {
  if (step === 1) return Boolean(draft.checkIn && draft.checkOut && draft.cottage && villaAvailable(draft));
  if (step === 2) {
    const details = draft.packageDetails;
    if (!draft.packageId || !details) return false;
    return partySize(draft) >= details.min_guests && partySize(draft) <= details.max_guests;
  }
  return true;
}

/** The furthest step the draft can show: every step before it is valid. */
export function furthestReachable(draft: Draft): Step {
  let step: Step = 1;
  while (step < STEP_COUNT && isStepValid(step, draft)) step = (step + 1) as Step;
  return step;
}

/** docs/product.md#step-navigation: completed before the current step, active, enabled (the next one when the current is valid), pending. */
export function stepStatus(step: Step, current: Step, draft: Draft): StepStatus {
  if (step < current) return 'completed';
  if (step === current) return 'active';
  if (step === current + 1 && isStepValid(current, draft)) return 'enabled';
  return 'pending';
}

/** A circle is clickable for the current step, an earlier one, or the next when the current step is valid. */
export const canJumpTo = (step: Step, current: Step, draft: Draft): boolean => stepStatus(step, current, draft) !== 'pending';

/** Next moves to min(step+1, 4), Back to max(step-1, 1). */
export const nextStep = (step: Step): Step => Math.min(step + 1, STEP_COUNT) as Step;
export const previousStep = (step: Step): Step => Math.max(step - 1, 1) as Step;
