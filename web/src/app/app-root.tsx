import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, useCallback, useMemo, useState, type ReactNode } from 'react';
import { FirstPassContext } from '@/lib/first-pass';
import { AppRoutes } from './router';

/**
 * The app under its router. `prerendered`: the page holds the first screen the build rendered, so
 * the first render is that same screen, hydrated with an empty query cache that fetches nothing;
 * once it is hydrated (FirstScreenHydrated), the real app takes its place with the real cache, the
 * saved draft and the guest's session. The build renders it with `prerendered` too
 * (web/src/app/prerender.tsx).
 */
export function AppRoot({
  queryClient,
  prerendered,
  router: Router,
}: {
  queryClient: QueryClient;
  prerendered: boolean;
  router: (props: { children: ReactNode }) => ReactNode;
}) {
  const [firstPass, setFirstPass] = useState(prerendered);
  const [firstPassClient] = useState(() => (prerendered ? new QueryClient({ defaultOptions: { queries: { enabled: false, retry: false } } }) : undefined));
  const hydrated = useCallback(() => {
    // For real-user monitoring and the browser tests: when the pre-rendered screen was hydrated.
    performance.mark('first-screen-hydrated');
    setFirstPass(false);
  }, []);
  const context = useMemo(() => ({ firstPass, hydrated }), [firstPass, hydrated]);
  const client = firstPass && firstPassClient ? firstPassClient : queryClient;
  return (
    <StrictMode>
      <FirstPassContext value={context}>
        <QueryClientProvider client={client}>
          <Router>
            <AppRoutes key={firstPass ? 'first-pass' : 'live'} />
          </Router>
        </QueryClientProvider>
      </FirstPassContext>
    </StrictMode>
  );
}
