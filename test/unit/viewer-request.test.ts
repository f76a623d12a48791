import { describe, expect, it } from 'vitest';
import { loadViewerRequest } from '../../infra/edge/load-viewer-request.ts';

const rewrite = loadViewerRequest();
const uriFor = (uri: string) => rewrite({ request: { uri, method: 'GET', headers: {} } }).uri;

describe('CloudFront viewer-request function', () => {
  it('serves / the page with the pre-rendered first screen, and every other app route the bare shell', () => {
    expect(uriFor('/')).toBe('/index.html');
    expect(uriFor('/admin/login')).toBe('/app.html');
    expect(uriFor('/admin/dashboard')).toBe('/app.html');
    expect(uriFor('/booking/VM12345')).toBe('/app.html');
    expect(uriFor('/some/unknown/page')).toBe('/app.html');
    expect(uriFor('/admin/')).toBe('/app.html');
  });

  it('leaves files alone', () => {
    expect(uriFor('/assets/index-AbC123.js')).toBe('/assets/index-AbC123.js');
    expect(uriFor('/config.json')).toBe('/config.json');
    expect(uriFor('/images/villas/glass-cottage.svg')).toBe('/images/villas/glass-cottage.svg');
    expect(uriFor('/favicon.svg')).toBe('/favicon.svg');
  });

  it('only looks at the last segment for an extension', () => {
    expect(uriFor('/v1.2/bookings')).toBe('/app.html');
  });
});
