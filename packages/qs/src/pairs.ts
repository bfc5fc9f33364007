// Stage 1 of `parse`: the query string → its `key=value` pairs, keyed by decoded key, with
// duplicates combined. A string whose keys are all flat (`a=1&b=2`, what most requests carry)
// is written straight into the result instead.

import { decode, type Charset } from './codec.js';
import { arrayLimitError, combine, combineGrowing, isPrototypeName, newObject, type Bag } from './merge.js';
import type { Normalized } from './parse-options.js';

const hasOwn = Object.prototype.hasOwnProperty;
const isArray = Array.isArray;

/**
 * The stage-1 dictionary: instances have no `Object.prototype` in their chain (`__proto__`
 * is a plain own key), yet, unlike `Object.create(null)`, V8 keeps them in fast mode. Key
 * order is an ordinary object's, which stage 2 relies on (integer keys first).
 */
class Pairs {
  [key: string]: unknown;
  [key: symbol]: unknown;
}
// its prototype emptied: no `constructor`, and null behind it
Object.setPrototypeOf(Pairs.prototype, null);
Reflect.deleteProperty(Pairs.prototype, 'constructor');
/** Constructor of the stage-1 dictionary (`instanceof` tells it from a finished result). */
export const PairsCtor = Pairs;

/** `utf8=✓` percent-encoded as UTF-8: the form was sent as UTF-8. */
const SENTINEL_UTF8 = 'utf8=%E2%9C%93';
/** `utf8=&#10003;` percent-encoded: a browser sent `✓` from an ISO-8859-1 form. */
const SENTINEL_ISO = 'utf8=%26%2310003%3B';

const ENCODED_OPEN = /%5B/gi;
const ENCODED_CLOSE = /%5D/gi;
const NUMERIC_ENTITY = /&#(\d+);/g;

/** `%5B` → `[` and `%5D` → `]` everywhere (values included), as qs does before splitting. */
function decodeBrackets(s: string): string {
  if (s.indexOf('%5') === -1) return s;
  return s.replace(ENCODED_OPEN, '[').replace(ENCODED_CLOSE, ']');
}

/** `&#N;` → the character of code point N; above U+FFFF a surrogate pair (qs 6.17.1). */
function entity(_m: string, digits: string): string {
  let c = parseInt(digits, 10);
  if (c > 0xffff && c <= 0x10ffff) {
    c -= 0x10000;
    return String.fromCharCode(0xd800 | (c >> 10), 0xdc00 | (c & 0x3ff));
  }
  // Else the UTF-16 code unit N (what fromCharCode makes of a larger number), as qs.
  return String.fromCharCode(c);
}

/** `&#N;` → its character (ISO-8859-1 forms send characters outside it that way). */
function interpretNumericEntities(s: string): string {
  if (s.indexOf('&#') === -1) return s;
  return s.replace(NUMERIC_ENTITY, entity);
}

function parameterLimitError(limit: number): RangeError {
  return new RangeError(
    'Parameter limit exceeded. Only ' + limit + ' parameter' + (limit === 1 ? '' : 's') + ' allowed.',
  );
}

/**
 * A raw value → its parsed value: split on `,` with `comma` (checking `arrayLimit` first when
 * `throwOnLimitExceeded`), else checked against `arrayLimit` as the next element of a non-empty
 * array of `currentLength` elements (a scalar is fine with a zero `arrayLimit`: qs 6.17).
 */
export function parseArrayValue(val: unknown, o: Normalized, currentLength: number): unknown {
  if (o.comma && val && typeof val === 'string' && val.indexOf(',') !== -1) {
    if (o.throwOnLimitExceeded) {
      let commas = 0;
      for (let i = val.indexOf(','); i !== -1; i = val.indexOf(',', i + 1)) {
        if (++commas >= o.arrayLimit) throw arrayLimitError(o.arrayLimit);
      }
    }
    return val.split(',');
  }
  if (o.throwOnLimitExceeded && currentLength >= o.arrayLimit && currentLength > 0) {
    throw arrayLimitError(o.arrayLimit);
  }
  return val;
}

/**
 * Reads one `key=value` pair into `into` (keyed by decoded key; duplicates per `duplicates`).
 * With `direct`, `into` is the result itself: a key that needs nesting makes it return false.
 */
function addPair(into: Bag, part: string, o: Normalized, charset: Charset, direct: boolean): boolean {
  // The first `]=` ends a bracketed key even when the key itself holds `=` (`a[=]=b`), else
  // the first `=` does. A `]=` cannot start before the first `=` less one.
  const equals = part.indexOf('=');
  const bracketEquals =
    equals === -1 ? -1 : part.charCodeAt(equals - 1) === 0x5d ? equals - 1 : part.indexOf(']=', equals + 1);
  const pos = bracketEquals === -1 ? equals : bracketEquals + 1;
  // A key ending in `[]` always combines (only there: `a[]x=` does not, qs 6.16.1).
  const pushes = pos > 1 && part.charCodeAt(pos - 1) === 0x5d && part.charCodeAt(pos - 2) === 0x5b;
  const key = o.decoder(pos === -1 ? part : part.slice(0, pos), decode, charset, 'key') as string | null;

  if (direct) {
    // The default decoder always gives a string.
    const name = key as string;
    if (name === '') return true; // an empty key yields nothing
    if (name.indexOf('[') !== -1 || (o.allowDots && name.indexOf('.') !== -1)) return false;
    if (name === '__proto__' || (!o.plainObjects && !o.allowPrototypes && isPrototypeName(name))) {
      return true; // never reaches the result
    }
  }

  let val: unknown;
  if (pos === -1) {
    val = o.strictNullHandling ? null : '';
  } else if (key !== null) {
    // Only checked when throwing; an array `duplicates` replaces or drops does not count.
    const current = o.throwOnLimitExceeded && (o.duplicates === 'combine' || pushes) ? into[key] : undefined;
    const raw = parseArrayValue(part.slice(pos + 1), o, isArray(current) ? current.length : 0);
    if (isArray(raw)) {
      const list: unknown[] = [];
      for (let i = 0; i < raw.length; i++) list.push(o.decoder(raw[i] as string, decode, charset, 'value'));
      val = list;
    } else {
      val = o.decoder(raw as string, decode, charset, 'value');
    }
  }

  if (val && o.interpretNumericEntities && charset === 'iso-8859-1') {
    if (isArray(val)) {
      // Each element of a comma array (qs 6.17).
      for (let i = 0; i < val.length; i++) if (val[i]) val[i] = interpretNumericEntities(String(val[i]));
    } else {
      val = interpretNumericEntities(String(val));
    }
  }
  if (pushes && isArray(val)) val = [val];
  if (o.comma && isArray(val) && val.length > o.arrayLimit) val = combine([], val, o);

  if (key !== null) {
    const existing = hasOwn.call(into, key);
    if (existing && (o.duplicates === 'combine' || pushes)) {
      into[key] = combineGrowing(into[key], val, o);
    } else if (!existing || o.duplicates === 'last') {
      into[key] = val;
    }
  }
  return true;
}

/** Strips the prefix and decodes encoded brackets. */
function prepare(str: string, o: Normalized): string {
  return decodeBrackets(o.ignoreQueryPrefix && str.charCodeAt(0) === 0x3f ? str.slice(1) : str);
}

/**
 * Stage 1 for the common options (default decoder, string delimiter, no sentinel, no throwing):
 * the pairs go straight into the result while their keys are flat. At the first key that
 * needs nesting, the pairs read so far move into a {@link Pairs} dictionary and the rest
 * is read into it: the caller then runs stage 2 (it tells the cases apart with `instanceof`).
 */
export function parseDirect(str: string, o: Normalized): Bag {
  const result = newObject(o.plainObjects);
  let into = result;
  let direct = true;
  const s = prepare(str, o);
  const delimiter = o.delimiter as string;
  // As String#split's limit: ToUint32, none when Infinity.
  const max = o.parameterLimit === Infinity ? 0xffffffff : o.parameterLimit >>> 0;
  let start = 0;
  for (let count = 0; count < max; count++) {
    const found = s.indexOf(delimiter, start);
    const end = found === -1 ? s.length : found;
    const part = s.slice(start, end);
    if (!addPair(into, part, o, o.charset, direct)) {
      // Same keys, same order (an ordinary object's); skipped keys would be dropped later anyway.
      into = new PairsCtor();
      for (const key of Object.keys(result)) into[key] = result[key];
      direct = false;
      addPair(into, part, o, o.charset, false);
    }
    if (found === -1) break;
    start = end + delimiter.length;
  }
  return into;
}

/** Stage 1, general case: pairs keyed by decoded key, in a {@link Pairs} dictionary. */
export function parseValues(str: string, o: Normalized): Bag {
  const pairs = new PairsCtor();
  const s = prepare(str, o);
  const limit = o.parameterLimit === Infinity ? undefined : o.parameterLimit;
  const parts = s.split(o.delimiter as string, o.throwOnLimitExceeded && limit !== undefined ? limit + 1 : limit);
  if (o.throwOnLimitExceeded && limit !== undefined && parts.length > limit) throw parameterLimitError(limit);

  let skip = -1;
  let charset = o.charset;
  if (o.charsetSentinel) {
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i]!;
      if (part.startsWith('utf8=')) {
        if (part === SENTINEL_UTF8) charset = 'utf-8';
        else if (part === SENTINEL_ISO) charset = 'iso-8859-1';
        skip = i;
        break;
      }
    }
  }
  for (let i = 0; i < parts.length; i++) {
    if (i !== skip) addPair(pairs, parts[i]!, o, charset, false);
  }
  return pairs;
}
