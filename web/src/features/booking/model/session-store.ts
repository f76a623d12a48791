import { z } from 'zod/mini';
import { draftSchema, type Draft } from './draft';
import { isStep, type Step } from './wizard';

/** The wizard's session lives in sessionStorage under keys with the resort's prefix (docs/product.md#wizard-session). */
const PREFIX = 'forestResort_';
export const sessionKeys = {
  bookingData: `${PREFIX}bookingData`,
  currentStep: `${PREFIX}currentStep`,
  sessionId: `${PREFIX}sessionId`,
  lastActivity: `${PREFIX}lastActivity`,
} as const;

/** A session is restored only if its last activity is under 2 hours old. */
export const SESSION_TTL_MS = 7_200_000;

export type StoredSession = { draft: Draft; step: Step; sessionId: string; lastActivity: number };

const newSessionId = (now: number): string => `session_${now}_${Math.random().toString(36).slice(2, 11)}`;

/**
 * The stored session if it is complete, readable and fresh. A stale or damaged one is removed:
 * the wizard then starts at step 1 with the defaults. Storage errors are only logged.
 */
export function loadSession(now: number = Date.now()): StoredSession | undefined {
  try {
    const lastActivity = Number(sessionStorage.getItem(sessionKeys.lastActivity));
    const raw = sessionStorage.getItem(sessionKeys.bookingData);
    const sessionId = sessionStorage.getItem(sessionKeys.sessionId);
    if (!raw || !sessionId || !lastActivity) return undefined;
    const step = Number(sessionStorage.getItem(sessionKeys.currentStep));
    const draft = z.safeParse(draftSchema, JSON.parse(raw));
    if (now - lastActivity >= SESSION_TTL_MS || !draft.success || !isStep(step)) {
      clearSession();
      return undefined;
    }
    return { draft: draft.data, step, sessionId, lastActivity };
  } catch (error) {
    console.warn('Could not read the saved booking session', error);
    clearSession();
    return undefined;
  }
}

/** Saves the draft and step; every save is activity. Returns the session as stored. */
export function saveSession(draft: Draft, step: Step, sessionId: string | undefined, now: number = Date.now()): StoredSession {
  const id = sessionId ?? newSessionId(now);
  try {
    sessionStorage.setItem(sessionKeys.bookingData, JSON.stringify(draft));
    sessionStorage.setItem(sessionKeys.currentStep, String(step));
    sessionStorage.setItem(sessionKeys.sessionId, id);
    sessionStorage.setItem(sessionKeys.lastActivity, String(now));
  } catch (error) {
    console.warn('Could not save the booking session', error);
  }
  return { draft, step, sessionId: id, lastActivity: now };
}

export function clearSession(): void {
  try {
    for (const key of Object.values(sessionKeys)) sessionStorage.removeItem(key);
  } catch (error) {
    console.warn('Could not clear the booking session', error);
  }
}
