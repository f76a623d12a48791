import { lazy, startTransition, Suspense, useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { useT } from '@/i18n/i18n';
import { useFirstPass } from '@/lib/first-pass';
import { whenIdle } from '@/lib/when-idle';
import { OfflineNotice } from '@/components/offline-notice';
import { StepErrorBoundary } from '@/components/step-error-boundary';
import type { CreatedBooking } from '../api/schemas';
import { useWizard, WizardProvider } from '../hooks/wizard-context';
import { usePrefetchNextStep } from '../hooks/use-prefetch-next-step';
import { useRunningQuote } from '../hooks/use-running-quote';
import { clearSession } from '../model/session-store';
import { ProgressSteps } from './progress-steps';
import { RestoreBanner } from './restore-banner';
import { loadStartOver, SiteHeader } from './site-header';
import { BookingResultDialog, loadPackagesStep, loadPaymentStep, loadSafarisStep, StepPackages, StepPayment, StepSafaris } from './step-chunks';
import { SiteFooter } from '@/components/site-footer';
import { StepDates } from './step-dates';
import { StaySummaryCard } from './stay-summary';
import './wizard.css';

// Live availability listens on the socket, which opens once the page is up: off the first load.
const LiveAvailability = lazy(() => import('./live-availability'));

/**
 * Every step's code once the page has settled, so that a guest whose network drops can still move
 * between the steps and browse the catalogue kept from this visit (docs/product.md#offline).
 */
function useWarmSteps() {
  useEffect(() => {
    const warm = () => {
      for (const load of [loadPackagesStep, loadSafarisStep, loadPaymentStep, loadStartOver]) void load().catch(() => undefined);
    };
    const timer = window.setTimeout(() => (typeof window.requestIdleCallback === 'function' ? window.requestIdleCallback(warm) : warm()), 4000);
    return () => window.clearTimeout(timer);
  }, []);
}

/** Where a lazy step is loading: the shape of a step, so nothing jumps when it arrives. */
function StepSkeleton() {
  const t = useT();
  return (
    <div className="step-skeleton" role="status" aria-live="polite">
      <span className="visually-hidden">{t('Loading the next step...')}</span>
      <div className="skeleton skeleton--title" />
      <div className="skeleton skeleton--card" />
      <div className="skeleton skeleton--card" />
    </div>
  );
}

function Wizard() {
  const wizard = useWizard();
  const { draft, step, session, restored } = wizard;
  const firstPass = useFirstPass();
  const t = useT();
  const running = useRunningQuote(draft);
  const [completed, setCompleted] = useState<CreatedBooking | undefined>();
  usePrefetchNextStep(step, draft);
  useWarmSteps();

  return (
    <div className="site">
      <a className="skip-link" href="#main">
        {t('Skip to the booking form')}
      </a>
      <SiteHeader session={session} onClear={wizard.reset} />
      <OfflineNotice />
      <main className="wizard" id="main">
        {restored && <RestoreBanner fromStep={restored.fromStep} onClose={wizard.dismissRestored} />}
        <h1>{t('Select your dates at the resort')}</h1>
        <ProgressSteps step={step} draft={draft} onJump={wizard.goTo} />
        <div className="wizard__layout">
          <section className="wizard__step" aria-labelledby="step-heading">
            <StepErrorBoundary>
              <Suspense fallback={<StepSkeleton />}>
                {step === 1 && <StepDates quote={running.quote} />}
                {step === 2 && <StepPackages quote={running.quote} />}
                {step === 3 && <StepSafaris quote={running.quote} updating={running.isFetching} />}
                {step === 4 && (
                  <StepPayment
                    onBooked={(booking) => {
                      setCompleted(booking);
                      // On completion the session is cleared and the wizard starts again (docs/product.md#wizard-session):
                      // the stored session at once; the page behind the confirmation, and its address, once the
                      // confirmation has painted (changing the address alone takes a frame on a slow phone).
                      clearSession();
                      whenIdle(() => startTransition(() => wizard.reset()), 0);
                    }}
                  />
                )}
              </Suspense>
            </StepErrorBoundary>
          </section>
          <StaySummaryCard draft={draft} quote={running.quote} updating={running.isFetching} />
        </div>
      </main>
      <SiteFooter />
      {!firstPass && (
        <Suspense fallback={null}>
          <LiveAvailability />
        </Suspense>
      )}
      {completed && (
        <Suspense fallback={null}>
          <BookingResultDialog
            booking={completed}
            onClose={() => {
              // Closed at once, so the page is no longer inert: the new booking starts at the top, its
              // heading focused (it rendered under the confirmation, where nothing could take focus).
              flushSync(() => setCompleted(undefined));
              window.scrollTo({ top: 0 });
              document.getElementById('step-heading')?.focus();
            }}
          />
        </Suspense>
      )}
    </div>
  );
}

/** The guest booking wizard at `/` (docs/product.md#booking-wizard): four steps, the draft in sessionStorage, the step in the URL. */
export function BookingPage() {
  return (
    <WizardProvider>
      <Wizard />
    </WizardProvider>
  );
}
