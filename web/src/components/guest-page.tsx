import { useEffect, type ReactNode } from 'react';
import { useT } from '@/i18n/i18n';
import { HeaderEnd } from './header-end';
import { OfflineNotice } from './offline-notice';
import { SiteBrand } from './site-brand';
import { SiteFooter } from './site-footer';
import './guest-page.css';

/**
 * The frame of the guest pages beside the wizard (manage a booking, the account): the header with
 * the account links, one main landmark with the page's heading, the footer. Sets the tab's title.
 */
export function GuestPage({
  title,
  heading,
  intro,
  narrow = false,
  children,
}: {
  title: string;
  heading?: ReactNode;
  intro?: ReactNode;
  /** A single form: a column a hand can follow on a wide screen. */
  narrow?: boolean;
  children: ReactNode;
}) {
  const t = useT();
  useEffect(() => {
    const previous = document.title;
    document.title = `${title} · Forest Resort`;
    return () => {
      document.title = previous;
    };
  }, [title]);

  return (
    <div className="site">
      <a className="skip-link" href="#main">
        {t('Skip to the content')}
      </a>
      <header className="site-header">
        <SiteBrand />
        <HeaderEnd />
      </header>
      <OfflineNotice />
      <main className={`guest-page${narrow ? ' guest-page--narrow' : ''}`} id="main">
        <h1>{heading ?? title}</h1>
        {intro && <p className="guest-page__intro">{intro}</p>}
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
