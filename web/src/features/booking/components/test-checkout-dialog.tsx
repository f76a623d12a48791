import type { PaymentOrder } from '@shared/payments';
import { formatInr } from '@shared/money';
import { Dialog } from '@/components/dialog';
import { formatShortDate } from '@/lib/format';
import { useT } from '@/i18n/i18n';
import '@/i18n/english/booking';
import { Trans } from '@/i18n/trans';
import { HoldCountdown } from './hold-countdown';

export type TestCheckoutBusy = false | 'success' | 'failure';

/**
 * The built-in test provider's checkout, in Razorpay's place while the site has no payment keys:
 * what would be charged and for which booking, unmistakably marked as a test, with a Pay and a Fail
 * so both endings can be tried. The hold's countdown stays in view.
 */
export function TestCheckoutDialog({
  order,
  holdExpiresAt,
  busy,
  onPay,
  onFail,
  onClose,
}: {
  order: PaymentOrder | undefined;
  holdExpiresAt: string | undefined;
  busy: TestCheckoutBusy;
  onPay: () => void;
  onFail: () => void;
  onClose: () => void;
}) {
  const rupees = order ? order.amount / 100 : 0;
  const t = useT();
  return (
    <Dialog
      open={order !== undefined}
      title={t('Secure checkout')}
      onClose={() => {
        if (!busy) onClose();
      }}
      className="dialog--checkout"
    >
      {order && (
        <div className="test-checkout" data-testid="test-checkout" aria-busy={busy !== false}>
          <p className="test-checkout__flag">
            <Trans
              id="<0>Test mode — no real money.</0> This checkout stands in for the card and UPI payment page; nothing is charged."
              components={{ 0: <strong /> }}
            />
          </p>
          <div className="test-checkout__amount">
            <p className="receipt__label">{t('Amount to pay')}</p>
            <p className="test-checkout__total" data-testid="test-checkout-amount">
              {formatInr(rupees)}
            </p>
            <p className="test-checkout__for">
              {order.notes.villa}, {formatShortDate(order.notes.checkIn)} – {formatShortDate(order.notes.checkOut)}
              <br />
              <Trans
                id="Booking <0>{reference}</0>"
                values={{ reference: order.bookingReference }}
                components={{ 0: <strong className="test-checkout__reference" /> }}
              />
            </p>
          </div>
          <HoldCountdown expiresAt={holdExpiresAt ?? order.holdExpiresAt} />
          <div className="dialog__actions test-checkout__actions">
            <button type="button" className="button button--primary" data-autofocus disabled={busy !== false} onClick={onPay}>
              {busy === 'success' ? (
                <>
                  <span className="spinner spinner--small" aria-hidden="true" /> {t('Paying...')}
                </>
              ) : (
                t('Pay {amount} (test)', { amount: formatInr(rupees) })
              )}
            </button>
            <button type="button" className="button button--danger-outline" disabled={busy !== false} onClick={onFail}>
              {busy === 'failure' ? (
                <>
                  <span className="spinner spinner--small" aria-hidden="true" /> {t('Failing...')}
                </>
              ) : (
                t('Fail payment (test)')
              )}
            </button>
          </div>
          <p className="test-checkout__note muted">{t('Close this window to pay later: the booking stays held until the time runs out.')}</p>
        </div>
      )}
    </Dialog>
  );
}
