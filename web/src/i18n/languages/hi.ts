// Hindi, as one chunk fetched when a guest chooses it: its messages, the patterns that find the
// English messages with values it translates, and the wording of the quote's lines.
export { messages } from '../compiled/hi';
export { patterns } from '../message-patterns';
export { wordQuoteLine } from '../quote-lines';
