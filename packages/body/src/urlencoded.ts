// urlencoded([options]): HTML form bodies (body-parser 2.4 `urlencoded`).
import { createError } from '@brisk/http';
import { parse as parseQs } from '@brisk/qs';
import { normalizeOptions, type Loose, type Options } from './options.js';
import { charsetCache, read, type ReadOptions } from './read.js';
import type { BodyParser } from './json.js';

/** Options of {@link urlencoded}. */
export interface OptionsUrlencoded extends Options {
  /**
   * `false`: flat keys, values are strings or arrays of strings (`a[b]=1` is the key `'a[b]'`).
   * `true`: nested objects and arrays (`a[b]=1` → `{ a: { b: '1' } }`), read by `@brisk/qs`.
   * @default false
   */
  extended?: boolean | undefined;
  /**
   * The most parameters (`&`-separated pairs) accepted; more is 413 `parameters.too.many`.
   * @default 1000
   */
  parameterLimit?: number | undefined;
  /**
   * Nesting depth of `extended` keys; deeper is 400 `querystring.parse.rangeError`.
   * @default 32
   */
  depth?: number | undefined;
  /**
   * The charset of bodies whose Content-Type names none: `'utf-8'` or `'iso-8859-1'`.
   * @default 'utf-8'
   */
  defaultCharset?: string | undefined;
  /**
   * Read the charset from a `utf8` parameter as browsers send it (`utf8=%E2%9C%93` → UTF-8,
   * `utf8=%26%2310003%3B` → ISO-8859-1); the parameter is left out of the result.
   * @default false
   */
  charsetSentinel?: boolean | undefined;
  /**
   * In ISO-8859-1 bodies, turn `&#9786;`-style numeric entities into characters.
   * @default false
   */
  interpretNumericEntities?: boolean | undefined;
}

/**
 * Returns a middleware that parses `application/x-www-form-urlencoded` bodies into `req.body`.
 * Only UTF-8 and ISO-8859-1 bodies are read (any other `charset` is 415 `charset.unsupported`).
 *
 * @throws TypeError `option limit "<value>" is invalid`, `option verify must be function`,
 * `option defaultCharset must be either utf-8 or iso-8859-1`, `option parameterLimit must be a
 * positive number`, `option depth must be a zero or a positive number`
 * @example
 * app.post('/login', urlencoded({ extended: true }), (req, res) => res.send(req.body.user.name));
 */
export function urlencoded(options?: OptionsUrlencoded): BodyParser {
  const common = normalizeOptions(options as Loose, 'application/x-www-form-urlencoded');
  if (common.defaultCharset !== 'utf-8' && common.defaultCharset !== 'iso-8859-1') {
    throw new TypeError('option defaultCharset must be either utf-8 or iso-8859-1');
  }
  const o: ReadOptions = {
    ...common,
    raw: false,
    isValidCharset: (charset) => charset === 'utf-8' || charset === 'iso-8859-1',
    parse: formParser(options),
  };
  const cache = charsetCache();
  return function urlencodedParser(req, res, next) {
    read(req, res, next, o, cache);
  };
}

function formParser(options: OptionsUrlencoded | undefined): (body: string, charset: string) => unknown {
  const extended = Boolean(options?.extended);
  let parameterLimit = options?.parameterLimit !== undefined ? options.parameterLimit : 1000;
  const depth = extended ? (options?.depth !== undefined ? options.depth : 32) : 0;
  const charsetSentinel = options?.charsetSentinel;
  const interpretNumericEntities = options?.interpretNumericEntities;

  if (isNaN(parameterLimit as number) || (parameterLimit as number) < 1) {
    throw new TypeError('option parameterLimit must be a positive number');
  }
  if (isNaN(depth as number) || (depth as number) < 0) {
    throw new TypeError('option depth must be a zero or a positive number');
  }
  if (isFinite(parameterLimit as number)) parameterLimit = (parameterLimit as number) | 0;
  const limit = parameterLimit as number;

  return function parse(body: string, charset: string): unknown {
    if (body.length === 0) return {};
    const count = parameterCount(body, limit);
    if (count === -1) throw createError(413, 'too many parameters', { type: 'parameters.too.many' });
    try {
      return parseQs(body, {
        allowPrototypes: true,
        arrayLimit: extended ? Math.max(100, count) : count,
        depth,
        charsetSentinel,
        interpretNumericEntities,
        charset: charset as 'utf-8' | 'iso-8859-1',
        parameterLimit: limit,
        strictDepth: true,
      });
    } catch (err) {
      if (err instanceof RangeError) {
        throw createError(400, 'The input exceeded the depth', { type: 'querystring.parse.rangeError' });
      }
      /* c8 ignore next 2 */
      throw err;
    }
  };
}

/**
 * The number of `&`-separated parameters in `body`, or -1 as soon as there are more than
 * `limit`: the body is never split, and a huge one is not scanned past the limit.
 */
function parameterCount(body: string, limit: number): number {
  let count = 0;
  let index = -1;
  do {
    if (++count > limit) return -1;
    index = body.indexOf('&', index + 1);
  } while (index !== -1);
  return count;
}
