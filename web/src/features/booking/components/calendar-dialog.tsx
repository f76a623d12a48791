import { Dialog } from '@/components/dialog';
import StayCalendar, { type Editing } from './stay-calendar';

type CalendarDialogProps = {
  villa: string;
  today: string;
  checkIn: string;
  checkOut: string;
  editing: Editing;
  onEditingChange: (editing: Editing | undefined) => void;
  onChange: (dates: { checkIn: string; checkOut: string }) => void;
};

/** The price calendar in a modal dialog (a bottom sheet on a phone); its own chunk with react-day-picker. */
export default function CalendarDialog({ editing, onEditingChange, ...calendar }: CalendarDialogProps) {
  return (
    <Dialog
      open
      title={editing === 'checkOut' ? 'Select check-out date' : 'Select check-in date'}
      onClose={() => onEditingChange(undefined)}
      className="dialog--calendar"
    >
      <StayCalendar {...calendar} editing={editing} onEditingChange={onEditingChange} onDone={() => onEditingChange(undefined)} />
    </Dialog>
  );
}
