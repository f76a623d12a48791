import { useT } from '@/i18n/i18n';
import { useConnectivity } from '@/lib/connectivity';
import { useDisplayCurrency } from '@/lib/display-currency';
import './price-note.css';

/**
 * What goes beside a rupee amount: 'approx. $596' in the guest's display currency (INR is what is
 * charged), and 'estimate' while the site cannot reach the resort, since the price then comes from
 * the last visit (`estimatedOffline={false}` for an amount that is a record, such as a stored
 * booking's total). Nothing at all when INR is chosen and the site is online.
 */
export function PriceNote({ rupees, estimatedOffline = true }: { rupees: number; estimatedOffline?: boolean }) {
  const { approx } = useDisplayCurrency();
  const connection = useConnectivity();
  const t = useT();
  const converted = approx(rupees);
  const estimate = estimatedOffline && !connection.online;
  if (!converted && !estimate) return null;
  return (
    <>
      {converted && (
        <span className="price-note" data-testid="price-approx">
          {' '}
          {converted}
        </span>
      )}
      {estimate && (
        <span className="price-note price-note--estimate" data-testid="price-estimate">
          {' '}
          {t('estimate')}
        </span>
      )}
    </>
  );
}
