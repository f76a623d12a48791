import { createContext, useContext, useEffect } from 'react';

/**
 * While the page is the first screen that was pre-rendered into index.html at build time
 * (web/src/app/prerender.tsx) and React hydrates it, `firstPass` is true: what is rendered then
 * must be exactly what the build rendered, so nothing read from this browser (the saved draft, the
 * kept catalogue, the guest's sign-in) is used. Once the screen is hydrated, the app renders again
 * with all of it (docs/architecture.md#11-the-guest-site-routes-chunks-live-updates-offline-display-currencies).
 */
export const FirstPassContext = createContext<{ firstPass: boolean; hydrated: () => void }>({ firstPass: false, hydrated: () => undefined });

export const useFirstPass = (): boolean => useContext(FirstPassContext).firstPass;

/**
 * Rendered last inside the pre-rendered screen's innermost Suspense boundary: its effect runs once
 * React has hydrated everything before it, and ends the first pass.
 */
export function FirstScreenHydrated(): null {
  const { firstPass, hydrated } = useContext(FirstPassContext);
  useEffect(() => {
    if (firstPass) hydrated();
  }, [firstPass, hydrated]);
  return null;
}
