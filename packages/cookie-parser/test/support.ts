// Running a cookie parser middleware on a request double and collecting what it set.

/** What a middleware set on a request, and what `next` got. */
export interface Parsed {
  cookies: unknown;
  signedCookies: unknown;
  secret: unknown;
  hasSecret: boolean;
  next: unknown[];
}

type Middleware = (req: never, res: never, next: (err?: unknown) => void) => void;

/** Runs `mw` on a request with the given Cookie header (and any other request fields). */
export function parseWith(mw: Middleware, cookie: string | string[] | undefined, extra: object = {}): Parsed {
  const req: Record<string, unknown> = { headers: cookie === undefined ? {} : { cookie }, ...extra };
  let next: unknown[] | undefined;
  mw(req as never, {} as never, (...args: unknown[]) => {
    next = args;
  });
  if (next === undefined) throw new Error('next was not called synchronously');
  return {
    cookies: req.cookies,
    signedCookies: req.signedCookies,
    secret: req.secret,
    hasSecret: Object.hasOwn(req, 'secret'),
    next,
  };
}

/** `obj`'s own enumerable keys and values, in order, as plain data (prototypes aside). */
export function entries(obj: unknown): [string, unknown][] {
  return Object.keys(obj as object).map((k) => [k, (obj as Record<string, unknown>)[k]]);
}
