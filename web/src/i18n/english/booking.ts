import { messages } from '../compiled/en/booking';
import { addEnglish } from '../i18n';

// Steps 2-4 and the booking's result: their English with something to fill in, in their chunks.
addEnglish(messages);
