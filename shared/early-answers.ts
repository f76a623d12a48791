/**
 * The answer the first screen asks for before the app's code has arrived (web/src/first-screen/early-catalogue.ts):
 * the villas of step 1, left on `window` for the app to take once.
 */
export const EARLY_VILLAS_PATH = '/api/cottages';

/**
 * The attribute of the first villa placeholder's photo slot (step 1's placeholders): the early script
 * shows the first villa's photo in it as soon as the villas' answer is in, before the app's code.
 */
export const EARLY_PHOTO_SLOT = 'data-early-photo';

/** `__earlyVillas`: the villas' answer, for the app to take once; `__earlyPhoto`: the photo the early script showed. */
export type EarlyWindow = Window & { __earlyVillas?: Promise<Response>; __earlyPhoto?: string };
