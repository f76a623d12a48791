import { paths } from '@/config/paths';

/**
 * The resort's name and leaf in every guest page's header. A plain link home: the wizard starts from a
 * fresh load, resuming a saved session at its step.
 */
export function SiteBrand() {
  return (
    <a className="site-header__brand" href={paths.home.getHref()}>
      <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
        <path d="M5 21c0-9 5-15 15-16-1 10-7 15-15 16z" />
        <path d="M5 21l8-8" />
      </svg>{' '}
      Forest Resort
    </a>
  );
}
