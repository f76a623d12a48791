import { badRequest, notFound } from './errors.ts';
import { publicRoute, type PublicRouteName } from './handler.ts';

type Listed = { id: string };
type Repository<T extends Listed> = { get(id: string): Promise<T | undefined>; list(): Promise<T[]> };

const ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,63}$/;

/** GET /api/<kind>: what guests may book, in the order given. */
export function listCatalogueRoute<T extends Listed>(
  name: PublicRouteName,
  repository: Pick<Repository<T>, 'list'>,
  options: { isListed: (value: T) => boolean; order: (a: T, b: T) => number },
) {
  return publicRoute(name, {}, async () => (await repository.list()).filter(options.isListed).sort(options.order));
}

/** GET /api/<kind>/{id}: one bookable item, or a 404 that names what was asked for. */
export function getCatalogueItemRoute<T extends Listed>(
  name: PublicRouteName,
  repository: Pick<Repository<T>, 'get'>,
  options: { label: string; isListed: (value: T) => boolean },
) {
  // The id is checked by its pattern alone: these routes carry no validation library.
  return publicRoute(name, {}, async ({ event }) => {
    const params = { id: event.pathParameters?.id ?? '' };
    if (!ID_PATTERN.test(params.id)) throw badRequest(`Invalid ${options.label.toLowerCase()} id`, { id: ['Ids are lower-case letters, digits and dashes'] });
    const value = await repository.get(params.id);
    if (!value || !options.isListed(value)) throw notFound(`${options.label} '${params.id}' was not found`);
    return value;
  });
}
