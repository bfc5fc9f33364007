// The setup check shared by validate() and openapi(): an object of parts or options may hold only
// the keys the function knows. A key it does not know is a typo or another framework's name for
// one it does (fastify's `querystring`, a singular `header`), and ignoring it would leave that part
// unchecked, so it is a TypeError naming the key, the allowed keys, and the likely one. Decision 032.

/** Other names users give the keys, each with the key it stands for. */
const ALIASES: ReadonlyMap<string, string> = new Map([
  ['querystring', 'query'],
  ['header', 'headers'],
  ['param', 'params'],
  ['responses', 'response'],
  ['server', 'servers'],
]);

/** `a, b and c`. */
export function listOf(names: readonly string[]): string {
  return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/**
 * Throws a TypeError for the first own enumerable key of `object` that is not in `allowed`:
 * `<fn>: unknown <what> "<key>" (did you mean "<allowed key>"?): the <what>s are <allowed>`.
 */
export function checkKeys(fn: string, what: string, object: object, allowed: readonly string[]): void {
  for (const key of Object.keys(object)) {
    if (allowed.includes(key)) continue;
    const lower = key.toLowerCase();
    const likely = allowed.find((name) => name.toLowerCase() === lower) ?? ALIASES.get(lower);
    const hint = likely !== undefined && allowed.includes(likely) ? ` (did you mean "${likely}"?)` : '';
    throw new TypeError(`${fn}: unknown ${what} "${key}"${hint}: the ${what}s are ${listOf(allowed)}`);
  }
}
