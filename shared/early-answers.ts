/**
 * The answer the first screen asks for before the app's code has arrived (web/src/first-screen/early-catalogue.ts):
 * the villas of step 1, left on `window` for the app to take once.
 */
export const EARLY_VILLAS_PATH = '/api/cottages';

export type EarlyWindow = Window & { __earlyVillas?: Promise<Response> };
