import type { BoundHandler } from './handler.ts';

/**
 * A route whose 200 carries a body of its own (the OpenAPI document, a calendar feed) instead of
 * the envelope: the chain runs as for every route (origin check, errors in the envelope), then
 * `raw` turns the success envelope's text into the body and the headers it adds.
 */
export function withRawSuccess(route: BoundHandler, raw: (envelope: string) => { body: string; headers: Record<string, string> }): BoundHandler {
  return Object.assign(
    async (...args: Parameters<BoundHandler>) => {
      const answer = await route(...args);
      if (answer.statusCode !== 200) return answer;
      const { body, headers } = raw(answer.body ?? '');
      return { ...answer, headers: { ...answer.headers, ...headers }, body };
    },
    { routeName: route.routeName, schemas: route.schemas },
  );
}
