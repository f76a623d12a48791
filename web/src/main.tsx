import './styles.css';
import { QueryClient } from '@tanstack/react-query';
import { createRoot, hydrateRoot } from 'react-dom/client';
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
// (web/src/app/prerender.tsx): React hydrates it. Any other address (a step, a deep link), or a guest
// who chose another language, is rendered afresh in its place, in that language once its messages are in.
// The staff portal is in English, whatever a guest chose on this browser (app/admin-routes.tsx).
const container = document.getElementById('root') as HTMLElement;
const locale = isPortalPath(window.location.pathname) ? SOURCE_LOCALE : savedLocale();
const prerendered = locale === SOURCE_LOCALE && container.firstElementChild !== null && window.location.pathname === '/' && window.location.search === '';
const app = <AppRoot queryClient={queryClient} prerendered={prerendered} router={BrowserRouter} />;
if (prerendered) hydrateRoot(container, app);
else if (locale === SOURCE_LOCALE) createRoot(container).render(app);
else {
  const render = () => createRoot(container).render(app);
  setLocale(locale, { keep: false }).then(render, (error: unknown) => {
    console.warn('Could not load the chosen language; the site shows English', error);
    render();
  });
}
