import { preloadable } from '@/lib/preloadable';

/** Steps 2-4 are their own chunks: a guest's first page carries step 1 only; the next step is fetched while they are still on this one. */
export const StepPackages = preloadable(() => import('./step-packages'));
export const StepSafaris = preloadable(() => import('./step-safaris'));
export const StepPayment = preloadable(() => import('./step-payment'));
/** Needed only once a booking is made; it loads with step 4. */
export const BookingResultDialog = preloadable(() => import('./booking-result-dialog'));

export const loadPackagesStep = StepPackages.load;
export const loadSafarisStep = StepSafaris.load;
export const loadPaymentStep = () => Promise.all([StepPayment.load(), BookingResultDialog.load()]);
