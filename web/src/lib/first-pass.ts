import { createContext, useContext } from 'react';

/**
 * True while the build renders the first screen of `/` into index.html (web/src/app/prerender.tsx):
 * that screen is a new guest's, so nothing read from a browser (a saved draft, a kept catalogue, a
 * guest's sign-in) and nothing live (the bell's code, the socket) is used. In the browser it is
 * false: the app renders in the screen's place with all of it
 * (docs/architecture.md#11-the-guest-site-routes-chunks-live-updates-offline-display-currencies).
 */
export const FirstPassContext = createContext(false);

export const useFirstPass = (): boolean => useContext(FirstPassContext);
