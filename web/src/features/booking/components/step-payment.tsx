import { formatInr } from '@shared/money';
import { localizeMessage, useT } from '@/i18n/i18n';
import '@/i18n/english/booking';
import { Trans } from '@/i18n/trans';
import type { CreatedBooking } from '../api/schemas';
import { usePaymentFlow } from '../hooks/use-payment-flow';
import { AwaitingPayment } from './awaiting-payment';
import { BookingSummary } from './booking-summary';
import { GuestDetailsForm } from './guest-details-form';
import { PaymentDialogs } from './payment-dialogs';
import { PaymentMethodTiles } from './payment-method-tiles';
import { StepActions } from './step-actions';
import { StepHeading } from './step-heading';
import './step-payment.css';

/**
 * Step 4: the server's full quote, how to pay, the guest's details, and the booking itself (once,
 * whatever the retries). Paid online, the booking is made first and held while the guest pays; the
 * checkout (the test provider's, or Razorpay's when live) then pays that same booking, however
 * often it is tried, until the server confirms it. The flow lives in usePaymentFlow.
 */
export default function StepPayment({ onBooked }: { onBooked: (booking: CreatedBooking) => void }) {
  const flow = usePaymentFlow({ onBooked });
  const t = useT();
  const { draft, quote, held, heldChanged, holdLeft, processing, offline } = flow;
  const total = held && !heldChanged ? held.booking.total_amount : quote.data?.total;
  const payOnline = held !== undefined || draft.paymentMethod === 'razorpay';
  const holdOver = held !== undefined && holdLeft === 0;

  return (
    <form className="step step--payment" onSubmit={flow.submit} noValidate aria-busy={processing}>
      <StepHeading description={t("Check your stay, tell us who is coming and how you'd like to pay.")}>{t('Review and confirm')}</StepHeading>
      {flow.messages.length > 0 && (
        <div className="banner banner--error" role="alert" id="payment-errors" tabIndex={-1}>
          <p>
            <strong>{t('Please fix the following errors:')}</strong> {flow.messages.map(localizeMessage).join(', ')}
          </p>
          {flow.tooManyOpen && draft.paymentMethod === 'offline' && (
            <p className="banner__actions">
              <button type="button" className="button button--small button--secondary" onClick={flow.payOnlineInstead}>
                {t('Pay online instead')}
              </button>
            </p>
          )}
        </div>
      )}
      {held && (
        <AwaitingPayment
          held={held}
          changed={heldChanged}
          timeLeft={holdLeft}
          releasing={flow.releasing}
          onRelease={() => void flow.releaseHold()}
          onBookAgain={flow.bookAgain}
        />
      )}
      <BookingSummary draft={draft} quote={quote.data} isError={quote.isError} onRetry={() => void quote.refetch()} />

      <PaymentMethodTiles
        method={held ? 'razorpay' : draft.paymentMethod}
        onChange={flow.choosePaymentMethod}
        testMode={flow.testMode}
        disabled={held !== undefined}
      />

      <GuestDetailsForm guest={draft.guest} problems={flow.problems} disabled={held !== undefined} onChange={flow.setGuest} />

      <StepActions quote={quote.data} onBack={() => flow.goTo(3)}>
        <button
          type="submit"
          className="button button--primary"
          disabled={!draft.guest.acceptTerms || processing || total === undefined || holdOver || heldChanged}
          aria-describedby={offline ? 'confirm-needs-connection' : undefined}
        >
          {processing ? (
            <>
              <span className="spinner spinner--small" aria-hidden="true" /> {t('Processing...')}
            </>
          ) : payOnline ? (
            total === undefined ? (
              t('Pay now')
            ) : (
              t('Pay {amount}', { amount: formatInr(total) })
            )
          ) : (
            // One sentence, so each language puts the verb where it goes; a phone shows the verb alone.
            <Trans
              id={total === undefined ? 'Confirm <0>Booking</0>' : 'Confirm <0>Booking</0> <1>· {amount}</1>'}
              values={total === undefined ? {} : { amount: formatInr(total) }}
              components={{ 0: <span className="step-actions__more" />, 1: <span className="step-actions__more" /> }}
            />
          )}
        </button>
        {offline && (
          <p className="step-actions__note" id="confirm-needs-connection" data-testid="confirm-needs-connection">
            {t("Confirming needs a connection. You're offline: nothing is booked until you're back, and your details are kept.")}
          </p>
        )}
      </StepActions>

      <PaymentDialogs flow={flow} />
    </form>
  );
}
