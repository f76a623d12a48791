import { buildWeb, webBuildIsStale } from '../../infra/local/web-build.ts';

/** The infra and browser suites need dist/web (the site the stack deploys and the server serves). */
export default async function setup() {
  if (webBuildIsStale()) await buildWeb();
}
