import { beforeAll, describe, expect, it } from 'vitest';
import { httpRoutes, type HttpRoute } from '../../functions/routes.ts';
import { roleGroups, userRoles, type RoleGroup, type UserRole } from '../../shared/users.ts';
import { accountWithToken } from '../support/accounts.ts';
import { useTestStack } from '../support/local-stack.ts';

/**
 * Who may call each portal route comes from the route table, and the server enforces it on every
 * one: read from the table here, so a route added tomorrow is covered the day it is listed.
 */
const stack = useTestStack();
const portalRoutes = (httpRoutes as readonly HttpRoute[]).filter((route): route is HttpRoute & { auth: RoleGroup } => route.auth in roleGroups);
const tokens = new Map<UserRole, string>();

beforeAll(async () => {
  for (const role of userRoles) tokens.set(role, (await accountWithToken(role)).authorization);
});

const call = (route: HttpRoute, authorization?: string) =>
  fetch(`${stack.baseUrl}${route.path.replace(/\{[^}]+\}/g, 'no-such-id')}`, {
    method: route.method,
    headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
    ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { body: '{}' }),
  });

describe('portal routes check the role on the server', () => {
  it('covers every portal route of the table', () => {
    expect(portalRoutes.length).toBeGreaterThan(30);
  });

  it.each(portalRoutes.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s: 401 signed out, 403 for each role below its group',
    async (_key, route) => {
      expect((await call(route)).status).toBe(401);
      const allowed = roleGroups[route.auth] as readonly UserRole[];
      for (const role of userRoles.filter((candidate) => !allowed.includes(candidate))) {
        const response = await call(route, tokens.get(role));
        expect(response.status, `${role} on ${route.name}`).toBe(403);
        expect(await response.json()).toMatchObject({ success: false });
      }
      // The group itself gets past the check (whatever the dummy request then earns: 400, 404, 501...).
      for (const role of allowed) expect([401, 403], `${role} on ${route.name}`).not.toContain((await call(route, tokens.get(role))).status);
    },
  );
});
