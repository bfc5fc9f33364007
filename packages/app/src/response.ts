// The response: node's ServerResponse with Express 5's methods.
//
// `BriskResponse.prototype` is `brisk.response` (Express's `express.response`); each app makes a
// subclass whose prototype is `app.response` and carries `app`, and node constructs responses
// from that subclass (application.ts). The fields a response always gets are declared in the
// constructor, so every response has the same shape from the start.

import { ServerResponse, type IncomingMessage } from 'node:http';

/** What a response reads of its app: settings and rendering. */
export interface ResponseApp {
  get(setting: string): unknown;
  render(view: string, options: Record<string, unknown>, callback: (err: Error | null, html?: string) => void): void;
}

/** An HTTP response with Express 5's API. Created by node for each request. */
export class BriskResponse extends ServerResponse {
  /** The request this response answers. */
  declare req: IncomingMessage;
  /** Per-request values for templates (`res.render`), not shared between requests. */
  declare locals: Record<string, unknown>;
  /** The app handling the request (on each app's response prototype). */
  declare readonly app: ResponseApp;

  constructor(req: IncomingMessage) {
    // Node passes (req, options); its type declarations name only req: pass everything through.
    // eslint-disable-next-line prefer-rest-params
    super(...(arguments as unknown as [IncomingMessage]));
    this.req = req;
    this.locals = Object.create(null) as Record<string, unknown>;
  }
}

/** `brisk.response`: the prototype of every app's responses (Express's `express.response`). */
export const response: BriskResponse = BriskResponse.prototype;
