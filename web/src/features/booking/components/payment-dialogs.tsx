import { formatInr } from '@shared/money';
import { paymentMessages } from '@shared/payment-rules';
import { Dialog } from '@/components/dialog';
import { PriceNote } from '@/components/price-note';
import { telHref } from '@shared/resort-contact';
import { useResortContact } from '@/lib/use-resort-contact';
import { plural } from '@/lib/format';
import type { PaymentFlow } from '../hooks/use-payment-flow';
import { partySize } from '../model/draft';
import { HoldCountdown } from './hold-countdown';
import { TestCheckoutDialog } from './test-checkout-dialog';

/**
 * Step 4's dialogs: the test provider's checkout, a failed payment (Try Again pays the same
 * booking), a hold lost while paying, and the booking's own failures: refused, not sent or not
 * answered (Retry books once), or a new price to confirm.
 */
export function PaymentDialogs({ flow }: { flow: PaymentFlow }) {
  const { payment, held, failure, dismissFailure, retryBooking } = flow;
  const phase = payment.phase;
  const holdOver = held !== undefined && flow.holdLeft === 0;
  const frontDesk = useResortContact();
  const supportLink = (
    <a className="button button--secondary" href={telHref(frontDesk.phone)}>
      Call Support
    </a>
  );

  return (
    <>
      <TestCheckoutDialog
        order={phase.name === 'test-checkout' ? phase.order : undefined}
        holdExpiresAt={held?.booking.hold_expires_at}
        busy={phase.name === 'test-checkout' ? phase.busy : false}
        onPay={() => payment.payTest('success')}
        onFail={() => payment.payTest('failure')}
        onClose={payment.close}
      />
      <Dialog
        open={phase.name === 'failed'}
        title={paymentMessages.failedTitle}
        onClose={payment.close}
        description={phase.name === 'failed' ? phase.message : undefined}
        className="dialog--result dialog--failed"
      >
        <div className="payment-failed" data-testid="payment-failed">
          {held && !holdOver && <HoldCountdown expiresAt={held.booking.hold_expires_at} />}
          <p className="payment-failed__support muted">
            Need a hand? Our front desk is on <a href={telHref(frontDesk.phone)}>{frontDesk.phone}</a>.
          </p>
          <div className="dialog__actions">
            <button type="button" className="button button--primary" data-autofocus onClick={payment.retry}>
              Try Again
            </button>
            {supportLink}
          </div>
        </div>
      </Dialog>
      <Dialog
        open={phase.name === 'hold-lost'}
        title={paymentMessages.failedTitle}
        onClose={payment.close}
        description={phase.name === 'hold-lost' ? phase.message : undefined}
        className="dialog--result dialog--failed"
      >
        <div className="dialog__actions">
          <button type="button" className="button button--primary" data-autofocus onClick={flow.bookAgain}>
            Book again
          </button>
          {supportLink}
        </div>
      </Dialog>
      <Dialog
        open={failure?.kind === 'failed'}
        title={paymentMessages.failedTitle}
        onClose={dismissFailure}
        description={failure?.message}
        className="dialog--result dialog--failed"
      >
        <div className="dialog__actions">
          <button type="button" className="button button--primary" data-autofocus onClick={retryBooking}>
            Try Again
          </button>
          {supportLink}
        </div>
      </Dialog>
      <Dialog
        open={failure?.kind === 'unsent' || failure?.kind === 'lost'}
        title="Not booked yet"
        onClose={dismissFailure}
        description={failure?.message}
        className="dialog--result dialog--failed"
      >
        <div className="dialog__actions">
          <button type="button" className="button button--primary" data-autofocus onClick={retryBooking}>
            Retry
          </button>
          {supportLink}
        </div>
      </Dialog>
      <Dialog open={failure?.kind === 'price'} title="The price has changed" onClose={dismissFailure} description={failure?.message} className="dialog--result">
        {failure?.kind === 'price' && (
          <>
            <p className="price-change">
              New total: <strong>{formatInr(failure.quote.total)}</strong>
              <PriceNote rupees={failure.quote.total} /> for {plural(partySize(flow.draft), 'guest')}, {plural(failure.quote.nights, 'night')}
            </p>
            <div className="dialog__actions">
              <button type="button" className="button button--primary" data-autofocus onClick={() => flow.book(failure.quote.total)}>
                Confirm new price
              </button>
              <button type="button" className="button button--secondary" onClick={dismissFailure}>
                Not now
              </button>
            </div>
          </>
        )}
      </Dialog>
    </>
  );
}
