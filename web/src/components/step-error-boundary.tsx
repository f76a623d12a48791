import { Component, type ReactNode } from 'react';
import { t } from '@/i18n/i18n';

type State = { failed: boolean };

/**
 * Around the wizard's lazily loaded steps: a step whose code cannot be fetched (the network went
 * away before it was loaded) says so instead of taking the page down. The draft is in
 * sessionStorage, so reloading once back online loses nothing.
 */
export class StepErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="banner banner--error" role="alert">
        <p>{t('This step could not be loaded. It needs a connection the first time; everything you have entered is kept.')}</p>
        <button type="button" className="button button--small" onClick={() => window.location.reload()}>
          {t('Reload')}
        </button>
      </div>
    );
  }
}
