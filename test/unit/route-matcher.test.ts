import { describe, expect, it } from 'vitest';
import { createRouteMatcher, MalformedPathError } from '../../infra/local/route-matcher.ts';

const match = createRouteMatcher();

describe('local route matcher (API Gateway HTTP API rules)', () => {
  it('prefers a literal segment over a path parameter', () => {
    expect(match('GET', '/api/bookings/my-bookings')?.route.name).toBe('list-my-bookings');
    expect(match('GET', '/api/bookings/b-123')?.route.name).toBe('get-booking');
    expect(match('POST', '/api/packages/calculate-pricing')?.route.name).toBe('calculate-package-pricing');
    expect(match('GET', '/api/packages/admin/all')?.route.name).toBe('list-all-packages');
  });

  it('extracts and decodes path parameters', () => {
    expect(match('GET', '/api/safaris/night-trail-safari/slots/2026-12-01')).toMatchObject({
      route: { name: 'get-safari-slots' },
      pathParameters: { id: 'night-trail-safari', date: '2026-12-01' },
    });
    expect(match('GET', '/api/cottages/a%20b')?.pathParameters).toEqual({ id: 'a b' });
  });

  it('tells methods apart on the same path', () => {
    expect(match('GET', '/api/cottages/glass-1/availability')?.route.name).toBe('get-availability-calendar');
    expect(match('POST', '/api/cottages/glass-1/availability')?.route.name).toBe('check-availability');
    expect(match('DELETE', '/api/cottages/glass-1')).toBeUndefined();
  });

  it('matches whole segments only', () => {
    expect(match('GET', '/api/cottages/glass-1/extra/deep')).toBeUndefined();
    expect(match('GET', '/api/cottage')).toBeUndefined();
    expect(match('GET', '/api/health/')).toBeUndefined();
  });

  it('refuses a path parameter that is not valid percent-encoding (the server answers 400), and nothing else', () => {
    for (const path of [
      '/api/cottages/%',
      '/api/cottages/%C3%28',
      '/api/cottages/%zz/availability',
      '/api/safaris/morning/slots/%E0%A4',
      '/api/bookings/%ED%A0%80',
    ]) {
      expect(() => match('GET', path), path).toThrow(MalformedPathError);
    }
    expect(() => match('GET', '/api/cottages/%')).toThrow('Bad Request: the path is not valid percent-encoding');
    // No route, nothing decoded: the 404 as before; a literal segment is never decoded.
    expect(match('GET', '/api/%')).toBeUndefined();
    expect(match('GET', '/api/%zz/all')).toBeUndefined();
    expect(match('GET', '/api/cottages/%25')?.pathParameters).toEqual({ id: '%' });
  });
});
