/**
 * How long browsers and CloudFront keep the site's files (docs/architecture.md#11-the-guest-site-routes-chunks-live-updates-offline-display-currencies),
 * the same under `npm start` and on AWS.
 */

/** Files whose name carries a hash of their content (Vite's `assets/`): they never change. */
export const HASHED_ASSET_CACHE = 'public, max-age=31536000, immutable';

/**
 * The shell (index.html), /config.json and the other unhashed files: a minute, then asked again
 * (a 304 when unchanged). Safe because a deploy never deletes the hashed assets a stale shell names.
 */
export const SHELL_CACHE = 'public, max-age=60, must-revalidate';
