import './english/booking';
import { localizerOf, stayPatterns } from './known-messages';

/** A rule message of steps 2-4 (the stay's, a package's) in the current language: see ./known-messages.ts. */
export const localizeBookingMessage = localizerOf([
  ...stayPatterns,
  [/^(.+) requires minimum (\d+) guests$/, '{name} requires minimum {min} guests', ['name', 'min']],
  [/^(.+) supports maximum (\d+) guests$/, '{name} supports maximum {max} guests', ['name', 'max']],
  [/^(First name|Last name|Email|Address) must be at most (\d+) characters$/, '{field} must be at most {max} characters', ['field', 'max']],
  [/^Maximum (\d+) guests allowed for this safari$/, 'Maximum {max} guests allowed for this safari', ['max']],
  [/^Cannot exceed total booking guests \((\d+)\)$/, 'Cannot exceed total booking guests ({total})', ['total']],
  [/^This safari does not run at (.+)$/, 'This safari does not run at {slot}', ['slot']],
  // The day and the slot come written in English (shared/stay-format.ts): shown as they came.
  [/^(.+) on (.+) at (.+) does not have enough seats left$/, '{name} on {date} at {slot} does not have enough seats left', ['name', 'date', 'slot']],
]);
