import { messages } from '../compiled/en/notices';
import { addEnglish } from '../i18n';

// The guest's live notifications (the toasts and the bell's panel): their English with something to fill in, in their chunk.
addEnglish(messages);
