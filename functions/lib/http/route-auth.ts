import { routeAuthLevelsFromTable, type AuthLevel } from '../../routes.ts';

/**
 * Who may call each route (`METHOD /path` -> auth level), from the route table. A bundle gets the
 * map as a JSON string literal (infra/bundle-functions.ts defines ROUTE_AUTH_LEVELS at build time;
 * an object-valued define would become a module that every bundled file initialises), so it does
 * not carry the whole table (paths, partitions and classes it never reads: with the branch
 * below folded away, nothing of routes.ts is used and esbuild drops it); everywhere else (npm start,
 * tests) the map is built from functions/routes.ts itself.
 */
declare const ROUTE_AUTH_LEVELS: string;
declare const ROUTE_AUTH_INLINED: boolean;

export const routeAuthLevels: Readonly<Record<string, AuthLevel>> =
  typeof ROUTE_AUTH_INLINED !== 'undefined' && ROUTE_AUTH_INLINED ? (JSON.parse(ROUTE_AUTH_LEVELS) as Record<string, AuthLevel>) : routeAuthLevelsFromTable();
