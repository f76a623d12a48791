// Hindi, as one chunk fetched when a guest chooses it: its messages and the patterns that find
// the English messages with values it translates.
export { messages } from '../compiled/hi';
export { patterns } from '../message-patterns';
