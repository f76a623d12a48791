import { telHref } from '@shared/resort-contact';
import { useT } from '@/i18n/i18n';
import { stayLimits } from '@shared/stay';
import { formatSlot } from '@shared/stay-format';
import { intlLocale } from '@/i18n/i18n';
import { useResortContact } from '@/lib/use-resort-contact';

/** Every guest page's footer: the stay's times and policy, and how to reach the resort. */
export function SiteFooter() {
  const contact = useResortContact();
  const t = useT();
  return (
    <footer className="site-footer">
      <p>
        {t('Check-in {checkIn} · Check-out {checkOut} · Free cancellation up to 48 hours before check-in', {
          checkIn: formatSlot(stayLimits.checkInTime, intlLocale()),
          checkOut: formatSlot(stayLimits.checkOutTime, intlLocale()),
        })}
      </p>
      <p className="site-footer__contact">
        <a href={telHref(contact.phone)}>{contact.phone}</a>
        <span aria-hidden="true"> · </span>
        <a href={`mailto:${contact.email}`}>{contact.email}</a>
      </p>
    </footer>
  );
}
