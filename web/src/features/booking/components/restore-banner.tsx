import { STEP_COUNT, type Step } from '../model/wizard';

/** A green 'Session Restored' banner with a close button; the wizard removes it after 5 seconds (docs/product.md#wizard-session). */
export function RestoreBanner({ fromStep, onClose }: { fromStep: Step; onClose: () => void }) {
  return (
    <div className="banner banner--success" role="status">
      <div>
        <strong>Session Restored</strong>
        <p>
          Your booking progress has been restored from Step {fromStep}/{STEP_COUNT}
        </p>
      </div>
      <button type="button" className="banner__close" aria-label="Close" onClick={onClose}>
        ×
      </button>
    </div>
  );
}
