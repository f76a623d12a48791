import { messages } from '../compiled/en/manage';
import { addEnglish } from '../i18n';

// A booking after it is made (the manage and lookup pages, the booking's details and cancellation): its English with something to fill in, in their chunks.
addEnglish(messages);
