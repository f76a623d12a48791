import { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { AppRoot } from './app-root';

/**
 * The first screen of `/` as HTML, rendered at build time into index.html (vite.config.ts), so
 * the title, the step bar, the form and the villa placeholders paint before any script; main.tsx
 * renders the app in its place.
 */
export function renderFirstScreen(): string {
  const router = ({ children }: { children: ReactNode }) => <StaticRouter location="/">{children}</StaticRouter>;
  return renderToString(<AppRoot queryClient={new QueryClient()} prerendered router={router} />);
}
