import type * as z from 'zod/mini';
import { fields, idField } from '../../../shared/validation.ts';
import {
  createCatalogueItem,
  deleteCatalogueItem,
  listCatalogue,
  updateCatalogueItem,
  type CatalogueCreate,
  type CatalogueKind,
  type CatalogueList,
  type CatalogueUpdate,
  type GuardDelete,
} from '../catalogue/catalogue-admin.ts';
import { httpRoute } from './signed-in-route.ts';

/*
 * The portal's catalogue routes (manager), one factory per action: a kind's handler module names
 * the route, its body schema, the kind (functions/lib/catalogue/*-admin.ts) and the kind's
 * configuration of the action. Schema and configuration are passed in, so a function carries only
 * its kind's and its action's.
 */

type Item = { id: string; name: string };
type CreateRoute = 'create-stay-type' | 'create-cottage' | 'create-package' | 'create-safari';
type UpdateRoute = 'update-stay-type' | 'update-cottage' | 'update-package' | 'update-safari';
type DeleteRoute = 'delete-cottage' | 'delete-package' | 'delete-safari';
type ListRoute = 'list-stay-types' | 'list-all-cottages' | 'list-all-packages' | 'list-all-safaris';

// Marked pure, so that the routes without an id in their path do not build it.
const byId = /* @__PURE__ */ fields({ id: /* @__PURE__ */ idField('id') });

/** POST: a new item from the body; 201 with the item as the admin list shows it. */
export const createCatalogueRoute = <Stored extends Item, Input, Admin>(
  name: CreateRoute,
  body: z.core.$ZodType<Input>,
  kind: CatalogueKind<Stored>,
  create: CatalogueCreate<Stored, Input, Admin>,
) => httpRoute(name, { body }, async ({ body: input, principal }) => ({ statusCode: 201, data: await createCatalogueItem(kind, create, input, principal) }));

/** PUT .../{id}: the item replaced by the body; 404 if it is gone. */
export const updateCatalogueRoute = <Stored extends Item, Input, Admin>(
  name: UpdateRoute,
  body: z.core.$ZodType<Input>,
  kind: CatalogueKind<Stored>,
  update: CatalogueUpdate<Stored, Input, Admin>,
) => httpRoute(name, { params: byId, body }, async ({ params, body: input, principal }) => updateCatalogueItem(kind, update, params.id, input, principal));

/** DELETE .../{id}: refused (409) while guests are coming on the item. */
export const deleteCatalogueRoute = <Stored extends Item>(name: DeleteRoute, kind: CatalogueKind<Stored>, guard: GuardDelete<Stored>) =>
  httpRoute(name, { params: byId }, async ({ params, principal }) => deleteCatalogueItem(kind, guard, params.id, principal));

/** GET .../admin/all: every item, active or not, as the admin list shows it. */
export const listCatalogueRoute = <Stored extends Item, Admin>(name: ListRoute, kind: CatalogueKind<Stored>, list: CatalogueList<Stored, Admin>) =>
  httpRoute(name, {}, async () => listCatalogue(kind, list));
