/*
 * The first screen's early start (docs/architecture.md#11-the-guest-site-routes-chunks-live-updates-offline-display-currencies):
 * a small script of its own that index.html loads just before the app's, built by vite.config.ts.
 * It asks for the villas (whose answer index.html's `<link rel="preload" as="fetch">` has already
 * started) and, as soon as they come, shows the first villa's photo in the first placeholder's
 * photo slot (with its srcset and sizes), where the card's photo will be: the largest paint of the
 * page comes while the app's code is still arriving and starting. The app takes the answer from
 * `window.__earlyVillas` (web/src/lib/early-answers.ts) instead of asking again.
 */
import { CARD_IMAGE_SIZES, cardImage, imageSrcSet } from '@shared/media';
import { EARLY_PHOTO_SLOT, EARLY_VILLAS_PATH, type EarlyWindow } from '@shared/early-answers';

const early = fetch(EARLY_VILLAS_PATH);
(window as EarlyWindow).__earlyVillas = early;
early
  .then((response) => (response.ok ? (response.clone().json() as Promise<{ data?: Array<{ images?: unknown }> }>) : undefined))
  .then((answer) => {
    const images = answer?.data?.[0]?.images;
    if (!Array.isArray(images)) return;
    const image = cardImage(images.filter((entry): entry is string => typeof entry === 'string'));
    const srcset = imageSrcSet(image);
    (window as EarlyWindow).__earlyPhoto = image;
    // The slot is the pre-rendered placeholder's (or, rendered by the app before the villas came, its
    // own). Without it (the app has rendered the cards already), a preload warms the cache for the card.
    const slot = document.querySelector<HTMLImageElement>(`img[${EARLY_PHOTO_SLOT}]`);
    if (slot) {
      slot.setAttribute('fetchpriority', 'high');
      if (srcset) Object.assign(slot, { sizes: CARD_IMAGE_SIZES, srcset });
      slot.src = image;
      return;
    }
    const link = Object.assign(document.createElement('link'), { rel: 'preload', as: 'image', href: image });
    if (srcset) Object.assign(link, { imageSizes: CARD_IMAGE_SIZES, imageSrcset: srcset });
    link.setAttribute('fetchpriority', 'high');
    document.head.append(link);
  })
  .catch(() => undefined);
