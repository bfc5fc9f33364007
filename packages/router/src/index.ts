// @brisk/router: middleware and route dispatch, a drop-in for router 2.3 (the Express 5 router).
/// <reference types="node" preserve="true" />
import type { Router as RouterType } from './router.js';
import type * as T from './types.js';
import { Router } from './module.js';

// Classes
export { Route } from './route.js';
export { useArguments } from './router.js';
export { routeTable } from './routes.js';

// brisk's own options, not router 2.3's: `Router({ [EXTENSIONS]: { ... } })`
export { EXTENSIONS } from './constants.js';

// Types
export type { RouterConstructor } from './router.js';
export type { RouterModule } from './module.js';
export type { LayerMatcher, LayerOptions } from './layer.js';
/** A router instance: what `Router()` returns. */
export type RouterInstance = RouterType;
/** An entry of `router.stack` or `route.stack`. */
export type Layer = T.Layer;
export type { MethodName } from './methods.js';
export type {
  ErrorRequestHandler,
  Handler,
  HandlerArg,
  HandlerArgs,
  Method,
  MethodHandlers,
  MountedRouter,
  NextFunction,
  ParamCallback,
  Params,
  ParamsDictionary,
  Path,
  PathArg,
  PathMatcherOptions,
  PathParams,
  Request,
  RequestHandler,
  RequestOf,
  RequestParamHandler,
  Response,
  RouteHandlerAdder,
  RouteInfo,
  RouteMethods,
  RouteParameters,
  RouterMatcher,
  RouterMethod,
  RouterMethods,
  RouteLike,
  RouterExtensions,
  RouterOptions,
  RouterRequest,
  StackLayer,
} from './types.js';
export type { TraceContext } from './tracing.js';
export type { RouteHandlerEntry, RouteTableEntry } from './routes.js';

/**
 * Creates a router (with or without `new`): see `Router` in module.ts. `require('@brisk/router')`
 * is this function, with `Route` as a property, as `require('router')` is.
 */
export default Router;
