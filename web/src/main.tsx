import './styles.css';
import { QueryClient } from '@tanstack/react-query';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppRoot } from './app/app-root';
import { isPortalPath } from './config/paths';
import { savedLocale, setLocale } from './i18n/i18n';
import { SOURCE_LOCALE } from './i18n/locales';
import { persistedCatalogue } from './features/booking/api/catalogue-cache';
import { getCottagesQueryOptions } from './features/booking/api/get-cottages';
import { configureApi } from './lib/api-client';
import { setDisplayRates } from './lib/display-currency';
import { persistQueries, restorePersistedQueries } from './lib/query-persistence';
import { configureRealtime, loadSiteConfig } from './lib/site-config';
import { setResortContact } from './lib/use-resort-contact';

const queryClient = new QueryClient({
  defaultOptions: {
    // Kept half an hour unused, so a guest who loses the network can walk back through the steps.
    queries: { staleTime: 60_000, gcTime: 30 * 60_000, retry: 1, refetchOnWindowFocus: false },
    // A write goes out when the guest asks, or fails at once and says so: never queued for later.
    mutations: { networkMode: 'always' },
  },
});

// The catalogue of the last visit (villas, packages, safaris), for browsing offline
// (docs/product.md#offline); it is stale, so it is fetched again at once whenever the network allows.
restorePersistedQueries(queryClient, persistedCatalogue);
persistQueries(queryClient, persistedCatalogue);
// The wizard's first request (the villas, whose pictures are the largest paint) goes out with the
// code, not after React's first render.
if (window.location.pathname === '/') void queryClient.prefetchQuery(getCottagesQueryOptions());

// /config.json never holds up the first paint: the API is same-origin /api on every stage, and
// what the config adds (the WebSocket URL, the payment mode, the display currencies' rates, the
// resort's phone and e-mail) is read beside the first render.
loadSiteConfig().then(
  (config) => {
    configureApi(config.apiUrl);
    configureRealtime(config.wsUrl);
    setDisplayRates(config.displayCurrencies);
    setResortContact(config.contact);
  },
  (error: unknown) => console.warn('Could not load /config.json; the site runs on its defaults', error),
);

// index.html carries the first screen of a plain `/` in English, rendered at build time
// (web/src/app/prerender.tsx), which paints before any script. The app renders in its place, with
// this browser's draft, catalogue and session at once: React replaces the screen in one commit. Not
// hydrated: a hydration pass, then a second render with the browser's state, took longer to the cards
// (docs/architecture.md#11-the-guest-site-routes-chunks-live-updates-offline-display-currencies).
// A guest who chose another language sees it once its messages are in.
// The staff portal is in English, whatever a guest chose on this browser (app/admin-routes.tsx).
const container = document.getElementById('root') as HTMLElement;
const locale = isPortalPath(window.location.pathname) ? SOURCE_LOCALE : savedLocale();
const render = () => createRoot(container).render(<AppRoot queryClient={queryClient} prerendered={false} router={BrowserRouter} />);
if (locale === SOURCE_LOCALE) render();
else {
  setLocale(locale, { keep: false }).then(render, (error: unknown) => {
    console.warn('Could not load the chosen language; the site shows English', error);
    render();
  });
}
