/** Steps 2-4 are their own chunks: a guest's first page carries step 1 only; the next step is fetched while they are still on this one. */
export const loadPackagesStep = () => import('./step-packages');
export const loadSafarisStep = () => import('./step-safaris');
export const loadPaymentStep = () => Promise.all([import('./step-payment'), import('./booking-result-dialog')]).then(([step]) => step);
