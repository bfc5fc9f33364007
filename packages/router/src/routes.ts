// The router's routes as other code reads them, walked once here: `router.listRoutes()` (router
// 2.3's list of one router's routes and mounted routers) and `routeTable()`, every route of a
// router and of the routers mounted in it, with the mount paths that lead to it and its handlers
// (what @brisk/schema's `openapi()` describes: a validating handler carries its schemas).

import type { MountedRouter, RouteInfo, RouteLike, StackLayer } from './types.js';

/** A stack entry, as the walk reads it (a brisk layer, or router 2's). */
interface StackEntry {
  route?: RouteLike | undefined;
  handle?: unknown;
  rawPath?: unknown;
}

/** One registered path of a stack: a route's or a mounted router's (arrays of paths flattened). */
interface Entry {
  path: string | RegExp;
  route: RouteLike | undefined;
  router: MountedRouter | undefined;
}

/** The routes and mounted routers of a stack, in order, one per registered path. */
function* entriesOf(stack: readonly unknown[]): Generator<Entry> {
  for (const item of stack) {
    const layer = item as StackEntry;
    const route = layer.route;
    const handle = layer.handle;
    const router =
      !route && typeof handle === 'function' && Array.isArray((handle as { stack?: unknown }).stack)
        ? (handle as MountedRouter)
        : undefined;
    if (!route && !router) continue;
    const raw = layer.rawPath;
    for (const path of Array.isArray(raw) ? raw.flat(Infinity) : [raw]) {
      yield { path: path as string | RegExp, route, router };
    }
  }
}

/** `router.listRoutes()` of a stack: see the Router interface (router.ts). */
export function listRoutesOf(stack: readonly unknown[]): RouteInfo[] {
  const list: RouteInfo[] = [];
  for (const { path, route, router } of entriesOf(stack)) {
    list.push(
      route
        ? { path, methods: route._methods(true), router: undefined }
        : { path, methods: undefined, router: router as MountedRouter },
    );
  }
  return list;
}

/** One handler of a route, as {@link routeTable} reports it. */
export interface RouteHandlerEntry {
  /** The method it was added for, lower-case (`'get'`); `undefined` for `route.all()`. */
  method: string | undefined;
  /** The function (a validating middleware carries its `schemas`). */
  handle: unknown;
}

/** One route, as {@link routeTable} reports it. */
export interface RouteTableEntry {
  /** The paths of the routers it is mounted under, outermost first, each as registered. */
  mounts: (string | RegExp)[];
  /** Its own path, as registered. */
  path: string | RegExp;
  /** Its handlers, in order. */
  handlers: RouteHandlerEntry[];
}

/**
 * Every route of `router` and of the routers mounted in it (`use(path, router)`, followed at most
 * `maxDepth` deep), depth first, in the order they were added: the published route list that
 * tools describing an app read (@brisk/schema's `openapi()`), so that a change to the router's
 * stack is a change here, not in each of them. A router mounted more than once is listed under
 * each of its mount paths. Plain middleware is not listed.
 *
 * @example
 * routeTable(app.router); // [{ mounts: ['/api'], path: '/users/:id', handlers: [{ method: 'get', handle }] }]
 */
export function routeTable(router: { stack: readonly unknown[] }, maxDepth = 32): RouteTableEntry[] {
  const table: RouteTableEntry[] = [];
  const walk = (stack: readonly unknown[], mounts: (string | RegExp)[], depth: number): void => {
    for (const { path, route, router: mounted } of entriesOf(stack)) {
      if (mounted) {
        if (depth < maxDepth) walk(mounted.stack, [...mounts, path], depth + 1);
        continue;
      }
      const handlers = (Array.isArray(route?.stack) ? route.stack : []).map((layer) => ({
        method: typeof layer.method === 'string' ? layer.method : undefined,
        handle: (layer as StackLayer & { handle?: unknown }).handle, // router 2's layers have it too
      }));
      table.push({ mounts, path, handlers });
    }
  };
  walk(router.stack, [], 0);
  return table;
}
