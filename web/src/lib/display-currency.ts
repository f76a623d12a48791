import { useSyncExternalStore } from 'react';
import { z } from 'zod/mini';
import { approxInCurrency, CHARGED_CURRENCY, displayCurrenciesSchema, displayCurrencyCodeSchema, type DisplayCurrencies } from '@shared/display-currency';

/**
 * The guest's display currency: INR is always shown and charged; a chosen currency adds
 * 'approx. $596' beside rupee amounts. The choice is kept in localStorage; the rates come from
 * /config.json (the stage's) and the last ones seen are kept too, so a visit that cannot reach
 * /config.json (offline) still converts.
 */
export const DISPLAY_CURRENCY_KEY = 'forestResort_displayCurrency';
export const DISPLAY_RATES_KEY = 'forestResort_displayRates';

type State = { chosen: string; rates: DisplayCurrencies };

function readStorage(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeStorage(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch (error) {
    console.warn('Could not keep the display currency', error);
  }
}

function readState(): State {
  const chosen = readStorage(DISPLAY_CURRENCY_KEY) ?? CHARGED_CURRENCY;
  let rates: DisplayCurrencies = {};
  try {
    const parsed = z.safeParse(displayCurrenciesSchema, JSON.parse(readStorage(DISPLAY_RATES_KEY) ?? '{}'));
    if (parsed.success) rates = parsed.data;
  } catch {
    rates = {};
  }
  return { chosen: chosen === CHARGED_CURRENCY || z.safeParse(displayCurrencyCodeSchema, chosen).success ? chosen : CHARGED_CURRENCY, rates };
}

let state: State | undefined;
const listeners = new Set<() => void>();
const current = (): State => (state ??= readState());
function set(next: State): void {
  state = next;
  for (const listener of listeners) listener();
}

/** The stage's rates from /config.json; kept for the next visit. */
export function setDisplayRates(rates: DisplayCurrencies): void {
  const parsed = z.safeParse(displayCurrenciesSchema, rates);
  if (!parsed.success) return;
  writeStorage(DISPLAY_RATES_KEY, JSON.stringify(parsed.data));
  set({ ...current(), rates: parsed.data });
}

/** The guest's choice ('INR' for none); kept for the next visit. */
export function setDisplayCurrency(code: string): void {
  if (code !== CHARGED_CURRENCY && !z.safeParse(displayCurrencyCodeSchema, code).success) return;
  writeStorage(DISPLAY_CURRENCY_KEY, code);
  set({ ...current(), chosen: code });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab changed the choice or the rates: follow it.
  const onStorage = (event: StorageEvent) => {
    if (event.key === DISPLAY_CURRENCY_KEY || event.key === DISPLAY_RATES_KEY) set(readState());
  };
  if (listeners.size === 1) window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

export type DisplayCurrency = {
  /** The currency shown beside INR, or 'INR' for none (also when the chosen one has no rate). */
  code: string;
  /** What the selector offers: INR first, then the stage's currencies. */
  choices: string[];
  /** 'approx. $596' for a rupee amount, or undefined when INR is chosen. */
  approx: (rupees: number) => string | undefined;
};

let cachedView: { state: State; view: DisplayCurrency } | undefined;
function viewOf(snapshot: State): DisplayCurrency {
  if (cachedView?.state === snapshot) return cachedView.view;
  const code = snapshot.rates[snapshot.chosen] !== undefined ? snapshot.chosen : CHARGED_CURRENCY;
  const view: DisplayCurrency = {
    code,
    choices: [CHARGED_CURRENCY, ...Object.keys(snapshot.rates).sort()],
    approx: (rupees) => approxInCurrency(rupees, code, snapshot.rates),
  };
  cachedView = { state: snapshot, view };
  return view;
}

/** What the page pre-rendered at build time shows (web/src/app/prerender.tsx): rupees only. */
const PRERENDERED: State = { chosen: CHARGED_CURRENCY, rates: {} };

export function useDisplayCurrency(): DisplayCurrency {
  const snapshot = useSyncExternalStore(subscribe, current, () => PRERENDERED);
  return viewOf(snapshot);
}

/** For tests: forget what was read from storage. */
export function resetDisplayCurrencyForTests(): void {
  state = undefined;
  cachedView = undefined;
}
