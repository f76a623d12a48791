/*
 * The first screen's early start (docs/architecture.md#11-the-guest-site-routes-chunks-live-updates-offline-display-currencies):
 * a small script of its own that index.html loads just before the app's, built by vite.config.ts.
 * It asks for the villas (whose answer index.html's `<link rel="preload" as="fetch">` has already
 * started) and, as soon as they come, preloads the first card's photo with its srcset and sizes,
 * so the photo is in while the app's code is still arriving. The app takes the answer from
 * `window.__earlyVillas` (web/src/lib/early-answers.ts) instead of asking again.
 */
import { CARD_IMAGE_SIZES, cardImage, imageSrcSet } from '@shared/media';
import { EARLY_VILLAS_PATH, type EarlyWindow } from '@shared/early-answers';

const early = fetch(EARLY_VILLAS_PATH);
(window as EarlyWindow).__earlyVillas = early;
early
  .then((response) => (response.ok ? (response.clone().json() as Promise<{ data?: Array<{ images?: unknown }> }>) : undefined))
  .then((answer) => {
    const images = answer?.data?.[0]?.images;
    if (!Array.isArray(images)) return;
    const image = cardImage(images.filter((entry): entry is string => typeof entry === 'string'));
    const link = document.createElement('link');
    link.rel = 'preload';
    link.as = 'image';
    link.href = image;
    const srcset = imageSrcSet(image);
    if (srcset) {
      link.setAttribute('imagesrcset', srcset);
      link.setAttribute('imagesizes', CARD_IMAGE_SIZES);
    }
    link.setAttribute('fetchpriority', 'high');
    document.head.append(link);
  })
  .catch(() => undefined);
