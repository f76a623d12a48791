import { useSyncExternalStore } from 'react';

/** A notification's type, title, message and time; `visibility` is whether it is still shown as a toast. */
export type NotificationType = 'success' | 'error' | 'warning' | 'info';
export type AppNotification = { id: string; type: NotificationType; title: string; message: string; timestamp: number };
export type Toast = AppNotification & { leaving: boolean };
/** The real-time connection is connected or disconnected; 'connecting' until the first attempt ends. */
export type ConnectionState = 'connecting' | 'connected' | 'disconnected';

export type NotificationState = {
  /** Newest first, at most HISTORY_LIMIT. */
  notifications: AppNotification[];
  unread: number;
  /** Newest first, at most TOAST_LIMIT. */
  toasts: Toast[];
  connection: ConnectionState;
};

/** docs/product.md#guest-notifications: toasts go after 5 s, at most 5 are kept, newest first; a toast fades out over 0.3 s, then is removed. */
export const TOAST_DURATION_MS = 5000;
export const TOAST_LIMIT = 5;
export const TOAST_FADE_MS = 300;
const HISTORY_LIMIT = 50;

let state: NotificationState = { notifications: [], unread: 0, toasts: [], connection: 'connecting' };
const listeners = new Set<() => void>();
const expiry = new Map<string, ReturnType<typeof setTimeout>>();
let sequence = 0;

function set(next: Partial<NotificationState>): void {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

const prefersReducedMotion = (): boolean => typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

function clearExpiry(id: string): void {
  clearTimeout(expiry.get(id));
  expiry.delete(id);
}

function scheduleExpiry(id: string, delay = TOAST_DURATION_MS): void {
  clearExpiry(id);
  expiry.set(
    id,
    setTimeout(() => dismissToast(id), delay),
  );
}

export type NewNotification = Omit<AppNotification, 'id' | 'timestamp'> & { id?: string; timestamp?: number };

/**
 * Adds a notification to the bell's list (one more unread) and, unless `toast` is false, shows it as
 * a toast. A notification whose id is already listed is ignored: the server may send a frame twice.
 */
export function addNotification(input: NewNotification, options: { toast?: boolean } = {}): void {
  const id = input.id ?? `local-${Date.now()}-${(sequence += 1)}`;
  if (state.notifications.some((notification) => notification.id === id)) return;
  const notification: AppNotification = { id, type: input.type, title: input.title, message: input.message, timestamp: input.timestamp ?? Date.now() };
  const toasts = options.toast === false ? state.toasts : [{ ...notification, leaving: false }, ...state.toasts];
  for (const dropped of toasts.slice(TOAST_LIMIT)) clearExpiry(dropped.id);
  set({
    notifications: [notification, ...state.notifications].slice(0, HISTORY_LIMIT),
    unread: state.unread + 1,
    toasts: toasts.slice(0, TOAST_LIMIT),
  });
  if (options.toast !== false) scheduleExpiry(id);
}

/** Clicking the bell resets the unread counter to 0. */
export function markAllRead(): void {
  if (state.unread !== 0) set({ unread: 0 });
}

/** Fades a toast out (0.3 s), then removes it; at once when the visitor asks for reduced motion. */
export function dismissToast(id: string): void {
  clearExpiry(id);
  const toast = state.toasts.find((candidate) => candidate.id === id);
  if (!toast) return;
  const remove = () => {
    expiry.delete(id);
    set({ toasts: state.toasts.filter((candidate) => candidate.id !== id) });
  };
  if (prefersReducedMotion()) {
    remove();
    return;
  }
  if (!toast.leaving) set({ toasts: state.toasts.map((candidate) => (candidate.id === id ? { ...candidate, leaving: true } : candidate)) });
  expiry.set(id, setTimeout(remove, TOAST_FADE_MS));
}

/** While the pointer or focus is on a toast it stays; when they leave, it gets its full 5 s again. */
export function holdToast(id: string): void {
  const toast = state.toasts.find((candidate) => candidate.id === id);
  if (toast && !toast.leaving) clearExpiry(id);
}
export function releaseToast(id: string): void {
  const toast = state.toasts.find((candidate) => candidate.id === id);
  if (toast && !toast.leaving) scheduleExpiry(id);
}

export function setConnection(connection: ConnectionState): void {
  if (state.connection !== connection) set({ connection });
}

export const readNotifications = (): NotificationState => state;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The bell's and the toasts' state, re-rendering on every change. */
export const useNotifications = (): NotificationState => useSyncExternalStore(subscribe, readNotifications, readNotifications);

/** Back to an empty store (tests, and a sign-out on a shared device). */
export function resetNotifications(): void {
  for (const id of [...expiry.keys()]) clearExpiry(id);
  state = { notifications: [], unread: 0, toasts: [], connection: state.connection };
  for (const listener of listeners) listener();
}
