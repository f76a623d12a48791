import { httpRoutes, type HttpRoute } from '../../functions/routes.ts';

export type RouteMatch = { route: HttpRoute; pathParameters: Record<string, string> };

/**
 * A path parameter that is not valid percent-encoding (`%`, `%zz`, `%C3%28`): API Gateway refuses
 * such a path with 400 before any function runs, and so does the local server.
 */
export class MalformedPathError extends Error {
  constructor(readonly segment: string) {
    super('Bad Request: the path is not valid percent-encoding');
    this.name = 'MalformedPathError';
  }
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new MalformedPathError(segment);
  }
}

type Compiled = { route: HttpRoute; segments: string[] };

/**
 * Matches like API Gateway HTTP APIs: exact segment counts, and where several routes match, the one
 * whose earliest differing segment is a literal wins (`/bookings/my-bookings` over `/bookings/{id}`).
 */
export function createRouteMatcher(routes: readonly HttpRoute[] = httpRoutes) {
  const compiled: Compiled[] = routes.map((route) => ({ route, segments: route.path.split('/').slice(1) }));
  const isParam = (segment: string) => segment.startsWith('{') && segment.endsWith('}');

  const moreSpecific = (a: Compiled, b: Compiled): number => {
    for (let index = 0; index < a.segments.length; index += 1) {
      const aParam = isParam(a.segments[index] ?? '');
      const bParam = isParam(b.segments[index] ?? '');
      if (aParam !== bParam) return aParam ? 1 : -1;
    }
    return 0;
  };

  /** The route for `method` and `path`, or undefined; throws MalformedPathError when a path parameter cannot be decoded. */
  return (method: string, path: string): RouteMatch | undefined => {
    const requested = path.split('/').slice(1);
    const candidates = compiled
      .filter((entry) => entry.route.method === method && entry.segments.length === requested.length)
      .filter((entry) => entry.segments.every((segment, index) => isParam(segment) || segment === requested[index]))
      .sort(moreSpecific);
    const best = candidates[0];
    if (!best) return undefined;
    const pathParameters: Record<string, string> = {};
    best.segments.forEach((segment, index) => {
      if (isParam(segment)) pathParameters[segment.slice(1, -1)] = decodeSegment(requested[index] ?? '');
    });
    return { route: best.route, pathParameters };
  };
}
