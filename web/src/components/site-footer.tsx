import { telHref } from '@shared/resort-contact';
import { useResortContact } from '@/lib/use-resort-contact';

/** Every guest page's footer: the stay's times and policy, and how to reach the resort. */
export function SiteFooter() {
  const contact = useResortContact();
  return (
    <footer className="site-footer">
      <p>Check-in 2:00 PM · Check-out 11:00 AM · Free cancellation up to 48 hours before check-in</p>
      <p className="site-footer__contact">
        <a href={telHref(contact.phone)}>{contact.phone}</a>
        <span aria-hidden="true"> · </span>
        <a href={`mailto:${contact.email}`}>{contact.email}</a>
      </p>
    </footer>
  );
}
