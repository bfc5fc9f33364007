// The route a request matched, put together from the paths its layers were mounted on, by the
// rules of @opentelemetry/instrumentation-express 0.71: the same `http.route`, `express.name` and
// span names for the same app.

/** A mount path as a string: a RegExp or number as written, an array as its items joined by `,`. */
export function pathString(path: unknown): string | undefined {
  if (Array.isArray(path)) return path.map((item) => segmentString(item) ?? '').join(',');
  return segmentString(path);
}

function segmentString(path: unknown): string | undefined {
  if (typeof path === 'string') return path;
  if (path instanceof RegExp || typeof path === 'number') return String(path);
  return undefined;
}

/** `/` itself, `/*` and a whole-segment wildcard (`/{*rest}`) add nothing to a route. */
function addsToRoute(path: string): boolean {
  if (path === '/' || path === '/*') return false;
  return !(path.startsWith('/{*') && path.endsWith('}') && path.indexOf('}') === path.length - 1);
}

/** The paths that say something, joined, with runs of `/` made one (`/api` + `/items/:id`). */
export function constructedRoute(paths: readonly string[]): string {
  const parts = paths.filter(addsToRoute);
  if (parts.length === 1 && parts[0] === '*') return '*';
  return parts.join('').replace(/\/{2,}/g, '/');
}

/**
 * The `http.route` of a layer: the constructed route when the request's URL is on it (or it is a
 * pattern, a list or a RegExp), `/` for `/` itself, undefined before any path is known or when
 * the paths so far are all `/` and the URL is not. `route`: the constructed route, when the caller
 * has it already.
 */
export function matchedRoute(
  paths: readonly string[],
  originalUrl: string,
  route: string = constructedRoute(paths),
): string | undefined {
  if (paths.length === 0) return undefined;
  if (paths.every((path) => path === '/')) return originalUrl === '/' ? '/' : undefined;
  if (route === '*') return route;
  if (route.includes('/') && /[,\\*[]/.test(route)) return route;
  const absolute = route.startsWith('/') ? route : `/${route}`;
  if (originalUrl.startsWith(absolute) || absolute.includes(':') || absolute.includes('*')) return absolute;
  return undefined;
}
