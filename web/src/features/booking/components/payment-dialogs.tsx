import { formatInr } from '@shared/money';
import { paymentMessages } from '@shared/payment-rules';
import { Dialog } from '@/components/dialog';
import { PriceNote } from '@/components/price-note';
import { telHref } from '@shared/resort-contact';
import { useResortContact } from '@/lib/use-resort-contact';
import { countOf } from '@/lib/format';
import { localizeMessage, useT } from '@/i18n/i18n';
import { Trans } from '@/i18n/trans';
import '@/i18n/english/booking';
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
  const t = useT();
  /** What went wrong, in the guest's language when the site knows the message (the API's or its own). */
  const said = (message: string | undefined) => (message === undefined ? undefined : localizeMessage(message));
  const supportLink = (
    <a className="button button--secondary" href={telHref(frontDesk.phone)}>
      {t('Call Support')}
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
        title={t(paymentMessages.failedTitle)}
        onClose={payment.close}
        description={phase.name === 'failed' ? said(phase.message) : undefined}
        className="dialog--result dialog--failed"
      >
        <div className="payment-failed" data-testid="payment-failed">
          {held && !holdOver && <HoldCountdown expiresAt={held.booking.hold_expires_at} />}
          <p className="payment-failed__support muted">
            <Trans
              id="Need a hand? Our front desk is on <0>{phone}</0>."
              values={{ phone: frontDesk.phone }}
              components={{ 0: <a href={telHref(frontDesk.phone)} /> }}
            />
          </p>
          <div className="dialog__actions">
            <button type="button" className="button button--primary" data-autofocus onClick={payment.retry}>
              {t('Try Again')}
            </button>
            {supportLink}
          </div>
        </div>
      </Dialog>
      <Dialog
        open={phase.name === 'hold-lost'}
        title={t(paymentMessages.failedTitle)}
        onClose={payment.close}
        description={phase.name === 'hold-lost' ? said(phase.message) : undefined}
        className="dialog--result dialog--failed"
      >
        <div className="dialog__actions">
          <button type="button" className="button button--primary" data-autofocus onClick={flow.bookAgain}>
            {t('Book again')}
          </button>
          {supportLink}
        </div>
      </Dialog>
      <Dialog
        open={failure?.kind === 'failed'}
        title={t(paymentMessages.failedTitle)}
        onClose={dismissFailure}
        description={said(failure?.message)}
        className="dialog--result dialog--failed"
      >
        <div className="dialog__actions">
          <button type="button" className="button button--primary" data-autofocus onClick={retryBooking}>
            {t('Try Again')}
          </button>
          {supportLink}
        </div>
      </Dialog>
      <Dialog
        open={failure?.kind === 'unsent' || failure?.kind === 'lost'}
        title={t('Not booked yet')}
        onClose={dismissFailure}
        description={said(failure?.message)}
        className="dialog--result dialog--failed"
      >
        <div className="dialog__actions">
          <button type="button" className="button button--primary" data-autofocus onClick={retryBooking}>
            {t('Retry')}
          </button>
          {supportLink}
        </div>
      </Dialog>
      <Dialog
        open={failure?.kind === 'price'}
        title={t('The price has changed')}
        onClose={dismissFailure}
        description={said(failure?.message)}
        className="dialog--result"
      >
        {failure?.kind === 'price' && (
          <>
            <p className="price-change">
              <Trans
                id="New total: <0>{amount}</0>{note} for {guests}, {nights}"
                values={{
                  amount: formatInr(failure.quote.total),
                  note: <PriceNote rupees={failure.quote.total} />,
                  guests: countOf('guests', partySize(flow.draft)),
                  nights: countOf('nights', failure.quote.nights),
                }}
                components={{ 0: <strong /> }}
              />
            </p>
            <div className="dialog__actions">
              <button type="button" className="button button--primary" data-autofocus onClick={() => flow.book(failure.quote.total)}>
                {t('Confirm new price')}
              </button>
              <button type="button" className="button button--secondary" onClick={dismissFailure}>
                {t('Not now')}
              </button>
            </div>
          </>
        )}
      </Dialog>
    </>
  );
}
