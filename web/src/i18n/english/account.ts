import { messages } from '../compiled/en/account';
import { addEnglish } from '../i18n';

// The guest's account pages: their English with something to fill in, in their chunks.
addEnglish(messages);
