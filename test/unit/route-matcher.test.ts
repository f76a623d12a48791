import { describe, expect, it } from 'vitest';
import { createRouteMatcher } from '../../infra/local/route-matcher.ts';

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
});
