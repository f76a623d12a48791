import { useId, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { AccountNav } from './account-nav';
import { useT } from '@/i18n/i18n';
import { CurrencySelect } from './currency-select';
import { LanguageSelect } from './language-select';
import { HeaderBell } from './header-bell';
import './header-end.css';

/**
 * The end of every guest header: the language, the currency, the account links and the bell. On a
 * phone the language, the currency and the links sit behind Menu, so the header is one row and the bell stays in sight;
 * the menu closes on a new page and on Escape (docs/product.md#site-shell).
 */
export function HeaderEnd() {
  // Open on the page it was opened on: another page finds it closed.
  const { pathname } = useLocation();
  const [openOn, setOpenOn] = useState<string>();
  const open = openOn === pathname;
  const id = useId();
  const t = useT();
  return (
    <div className="site-header__end" data-menu-open={open || undefined} onKeyDown={(event) => event.key === 'Escape' && setOpenOn(undefined)}>
      <button type="button" className="site-header__menu" aria-expanded={open} aria-controls={id} onClick={() => setOpenOn(open ? undefined : pathname)}>
        {t('Menu')}
      </button>
      <div className="site-header__links" id={id}>
        <LanguageSelect />
        <CurrencySelect />
        <AccountNav />
      </div>
      <HeaderBell />
    </div>
  );
}
