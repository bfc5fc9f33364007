// createApplication(): the app function (Express's `express()`).

import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction } from '@brisk/router';
import { CLASSES, application } from './application.js';
import { BriskRequest } from './request.js';
import { BriskResponse } from './response.js';
import { trackServer } from './shutdown.js';
import type { Application, Express } from './types.js';

/** Copies the own properties of `source` that `target` does not have yet (merge-descriptors, no redefine). */
function mixin(target: object, source: object): void {
  for (const name of Object.getOwnPropertyNames(source)) {
    if (Object.hasOwn(target, name)) continue;
    Object.defineProperty(target, name, Object.getOwnPropertyDescriptor(source, name) as PropertyDescriptor);
  }
}

/** `{ value }` as an own, writable, enumerable, configurable property (Express's `app` on its prototypes). */
function appProperty(app: Application): PropertyDescriptor {
  return { configurable: true, enumerable: true, writable: true, value: app };
}

/**
 * Creates an application: a request handler `app(req, res, next?)` with Express's methods.
 * Its requests and responses are instances of classes of its own, whose prototypes are
 * `app.request` and `app.response` (themselves inheriting `brisk.request` and `brisk.response`).
 *
 * @example
 * const app = brisk();
 * app.get('/users/:id', (req, res) => res.json({ id: req.params.id }));
 * app.listen(3000);
 */
export function createApplication(): Express {
  // The server that last called the app as its request listener (an EventEmitter calls a
  // listener with itself as `this`): a new one gets its connections tracked for `shutdown`.
  let server: unknown;
  const app = function app(this: unknown, req: IncomingMessage, res: ServerResponse, next?: NextFunction): void {
    if (this !== server) {
      server = this;
      if (this !== undefined && this !== null) trackServer(this, { req, res });
    }
    (app as unknown as Express).handle(req, res, next);
  } as unknown as Express;
  mixin(app, EventEmitter.prototype);
  mixin(app, application);

  class AppRequest extends BriskRequest {}
  class AppResponse extends BriskResponse {}
  Object.defineProperty(AppRequest.prototype, 'app', appProperty(app));
  Object.defineProperty(AppResponse.prototype, 'app', appProperty(app));
  app.request = AppRequest.prototype as never;
  app.response = AppResponse.prototype as never;
  Object.defineProperty(app, CLASSES, { value: { Request: AppRequest, Response: AppResponse } });

  app.init();
  return app;
}
