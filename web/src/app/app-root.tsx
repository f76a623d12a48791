import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, useMemo, type ReactNode } from 'react';
import { FirstPassContext } from '@/lib/first-pass';
import { AppRoutes } from './router';

/**
 * The app under its router. `prerendered`: the build renders the first screen into index.html
 * (web/src/app/prerender.tsx) as a new guest's, with an empty query cache that fetches nothing and
 * nothing read from a browser (web/src/lib/first-pass.ts). In the browser the app renders in its
 * place (main.tsx).
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
  const client = useMemo(
    () => (prerendered ? new QueryClient({ defaultOptions: { queries: { enabled: false, retry: false } } }) : queryClient),
    [prerendered, queryClient],
  );
  return (
    <StrictMode>
      <FirstPassContext value={prerendered}>
        <QueryClientProvider client={client}>
          <Router>
            <AppRoutes />
          </Router>
        </QueryClientProvider>
      </FirstPassContext>
    </StrictMode>
  );
}
