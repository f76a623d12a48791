import type { PaymentOrder } from '@shared/payments';
import { formatInr } from '@shared/money';
import { Dialog } from '@/components/dialog';
import { formatShortDate } from '@/lib/format';
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
  return (
    <Dialog
      open={order !== undefined}
      title="Secure checkout"
      onClose={() => {
        if (!busy) onClose();
      }}
      className="dialog--checkout"
    >
      {order && (
        <div className="test-checkout" data-testid="test-checkout" aria-busy={busy !== false}>
          <p className="test-checkout__flag">
            <strong>Test mode — no real money.</strong> This checkout stands in for the card and UPI payment page; nothing is charged.
          </p>
          <div className="test-checkout__amount">
            <p className="receipt__label">Amount to pay</p>
            <p className="test-checkout__total" data-testid="test-checkout-amount">
              {formatInr(rupees)}
            </p>
            <p className="test-checkout__for">
              {order.notes.villa}, {formatShortDate(order.notes.checkIn)} – {formatShortDate(order.notes.checkOut)}
              <br />
              Booking <strong className="test-checkout__reference">{order.bookingReference}</strong>
            </p>
          </div>
          <HoldCountdown expiresAt={holdExpiresAt ?? order.holdExpiresAt} />
          <div className="dialog__actions test-checkout__actions">
            <button type="button" className="button button--primary" data-autofocus disabled={busy !== false} onClick={onPay}>
              {busy === 'success' ? (
                <>
                  <span className="spinner spinner--small" aria-hidden="true" /> Paying...
                </>
              ) : (
                `Pay ${formatInr(rupees)} (test)`
              )}
            </button>
            <button type="button" className="button button--danger-outline" disabled={busy !== false} onClick={onFail}>
              {busy === 'failure' ? (
                <>
                  <span className="spinner spinner--small" aria-hidden="true" /> Failing...
                </>
              ) : (
                'Fail payment (test)'
              )}
            </button>
          </div>
          <p className="test-checkout__note muted">Close this window to pay later: the booking stays held until the time runs out.</p>
        </div>
      )}
    </Dialog>
  );
}
