import { messages } from '../compiled/en/calendar';
import { addEnglish } from '../i18n';

// The price calendar's English with something to fill in, in its chunk.
addEnglish(messages);
