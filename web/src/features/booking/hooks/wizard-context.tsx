import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useFirstPass } from '@/lib/first-pass';
import { defaultDraft, type Draft } from '../model/draft';
import { clearSession, loadSession, saveSession, type StoredSession } from '../model/session-store';
import { furthestReachable, isStep, type Step } from '../model/wizard';

type Restored = { fromStep: Step };

export type Wizard = {
  draft: Draft;
  /** The step shown: the URL's `?step=`, never beyond what the draft allows. */
  step: Step;
  /** The stored session (id, last activity), or undefined before the guest has done anything. */
  session: StoredSession | undefined;
  /** Set when a saved session was restored on load, until the banner is closed. */
  restored: Restored | undefined;
  dismissRestored: () => void;
  update: (change: (draft: Draft) => Draft) => void;
  goTo: (step: Step) => void;
  /** Clears the session and starts again at step 1 with the defaults. */
  reset: () => void;
  /** True once after a step change, for the new step's heading to take focus. */
  takeFocusRequest: () => boolean;
};

const WizardContext = createContext<Wizard | undefined>(undefined);

export function useWizard(): Wizard {
  const wizard = useContext(WizardContext);
  if (!wizard) throw new Error('useWizard is used outside <WizardProvider>');
  return wizard;
}

function stepFromUrl(params: URLSearchParams): Step | undefined {
  const value = Number(params.get('step') ?? '');
  return isStep(value) ? value : undefined;
}

/**
 * The wizard's state: the draft (kept in sessionStorage with its 2-hour expiry) and the step
 * (kept in the URL as `?step=`, so the browser's Back and Forward buttons walk the steps).
 */
export function WizardProvider({ children }: { children: ReactNode }) {
  const [params, setParams] = useSearchParams();
  // The pre-rendered first screen is a new guest's (web/src/lib/first-pass.ts).
  const firstPass = useFirstPass();
  const [initial] = useState(() => (firstPass ? undefined : loadSession()));
  const [draft, setDraft] = useState<Draft>(() => initial?.draft ?? defaultDraft);
  const [session, setSession] = useState<StoredSession | undefined>(initial);
  const [restored, setRestored] = useState<Restored | undefined>(initial ? { fromStep: initial.step } : undefined);
  const focusRequest = useRef(false);
  // Updates compose through refs, so two in one event both land and each is saved once.
  const draftRef = useRef(draft);
  const sessionRef = useRef(session);

  // A plain `/` with a saved session opens at the saved step; once the guest moves, the URL alone decides.
  const [resumeStep, setResumeStep] = useState(() => (params.has('step') ? undefined : initial?.step));
  const asked = stepFromUrl(params) ?? resumeStep ?? 1;
  const step = Math.min(asked, furthestReachable(draft)) as Step;

  // The URL names the step shown: the resumed step, or the furthest one the draft allows.
  useEffect(() => {
    if (stepFromUrl(params) === step || (step === 1 && !params.has('step'))) return;
    setParams(step === 1 ? {} : { step: String(step) }, { replace: true });
  }, [params, setParams, step]);

  // A step change is activity (docs/product.md#wizard-session), whether by a button or the browser's Back button.
  const sessionId = session?.sessionId;
  const stepRef = useRef(step);
  useEffect(() => {
    if (stepRef.current === step) return;
    stepRef.current = step;
    if (!sessionId) return;
    sessionRef.current = saveSession(draftRef.current, step, sessionId);
    setSession(sessionRef.current);
  }, [step, sessionId]);

  const update = useCallback((change: (draft: Draft) => Draft) => {
    const next = change(draftRef.current);
    if (next === draftRef.current) return;
    draftRef.current = next;
    sessionRef.current = saveSession(next, stepRef.current, sessionRef.current?.sessionId);
    setDraft(next);
    setSession(sessionRef.current);
  }, []);

  const goTo = useCallback(
    (target: Step) => {
      focusRequest.current = true;
      setResumeStep(undefined);
      setParams(target === 1 ? {} : { step: String(target) });
      window.scrollTo({ top: 0 });
    },
    [setParams],
  );

  const reset = useCallback(() => {
    clearSession();
    draftRef.current = defaultDraft;
    sessionRef.current = undefined;
    setDraft(defaultDraft);
    setSession(undefined);
    setRestored(undefined);
    setResumeStep(undefined);
    stepRef.current = 1;
    focusRequest.current = true;
    setParams({});
  }, [setParams]);

  // The restored banner disappears after 5 seconds.
  useEffect(() => {
    if (!restored) return;
    const timer = window.setTimeout(() => setRestored(undefined), 5000);
    return () => window.clearTimeout(timer);
  }, [restored]);

  const value = useMemo<Wizard>(
    () => ({
      draft,
      step,
      session,
      restored,
      dismissRestored: () => setRestored(undefined),
      update,
      goTo,
      reset,
      takeFocusRequest: () => {
        const requested = focusRequest.current;
        focusRequest.current = false;
        return requested;
      },
    }),
    [draft, step, session, restored, update, goTo, reset],
  );
  return <WizardContext.Provider value={value}>{children}</WizardContext.Provider>;
}
