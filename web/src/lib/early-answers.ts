import { EARLY_VILLAS_PATH, type EarlyWindow } from '@shared/early-answers';

/**
 * The villas' answer index.html's early script asked for (web/src/first-screen/early-catalogue.ts),
 * once: the first ask for `path` takes it, every later one goes to the network.
 */
export function takeEarlyAnswer(path: string): Promise<Response> | undefined {
  const early = window as EarlyWindow;
  if (`/api${path}` !== EARLY_VILLAS_PATH || !early.__earlyVillas) return undefined;
  const answer = early.__earlyVillas;
  early.__earlyVillas = undefined;
  return answer;
}

/** The first villa's photo the early script showed in the first placeholder, if it has. */
export const earlyPhoto = (): string | undefined => (window as EarlyWindow).__earlyPhoto;
