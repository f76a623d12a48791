import { useLiveAvailability } from '../hooks/use-live-availability';

/** The wizard's live availability (hooks/use-live-availability.ts), as a component its own chunk can carry: it waits for a socket anyway. */
export default function LiveAvailability(): null {
  useLiveAvailability();
  return null;
}
