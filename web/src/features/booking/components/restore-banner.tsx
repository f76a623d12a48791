import { useT } from '@/i18n/i18n';
import { STEP_COUNT, type Step } from '../model/wizard';

/** A green 'Session Restored' banner with a close button; the wizard removes it after 5 seconds (docs/product.md#wizard-session). */
export function RestoreBanner({ fromStep, onClose }: { fromStep: Step; onClose: () => void }) {
  const t = useT();
  return (
    <div className="banner banner--success" role="status">
      <div>
        <strong>{t('Session Restored')}</strong>
        <p>{t('Your booking progress has been restored from Step {step}/{count}', { step: fromStep, count: STEP_COUNT })}</p>
      </div>
      <button type="button" className="banner__close" aria-label={t('Close')} onClick={onClose}>
        ×
      </button>
    </div>
  );
}
