import { Dialog } from '@/components/dialog';
import { useT } from '@/i18n/i18n';

/** Start over, asked first: it throws the guest's choices away. */
export default function StartOverDialog({ onKeep, onClear }: { onKeep: () => void; onClear: () => void }) {
  const t = useT();
  return (
    <Dialog open title={t('Start over?')} onClose={onKeep} description={t('Your villa, dates and choices so far will be cleared.')}>
      <div className="dialog__actions">
        <button type="button" className="button button--secondary" data-autofocus onClick={onKeep}>
          {t('Keep my booking')}
        </button>
        <button type="button" className="button button--danger" onClick={onClear}>
          {t('Start over')}
        </button>
      </div>
    </Dialog>
  );
}
