// `j:` cookies: a value written as `'j:' + JSON.stringify(value)` (what `res.cookie(name, object)`
// sends) is read back as the value, as cookie-parser 1.4.7 reads it, with one difference: a
// `__proto__` key is dropped at every depth (decision 038).
//
// JSON.parse itself never pollutes `Object.prototype`: `{"__proto__":{"isAdmin":true}}` gives an
// object with an *own* property named `__proto__`. But that own key turns into a prototype write
// the moment ordinary code copies the object: `Object.assign({}, prefs)` or `target[key] =
// prefs[key]` in a loop runs the `__proto__` setter, and the copy inherits `isAdmin`. No cookie
// value means to carry such a key, so it never reaches the application (removed after parsing). `constructor` and
// `prototype` keys stay: they are plain own data properties of a JSON object, as in a JSON body
// (decision 009).

/** A value `JSON.parse` can return. */
export type JSONCookieValue = string | number | boolean | null | JSONCookieValue[] | { [key: string]: JSONCookieValue };

/**
 * `JSON.parse(text)` without `__proto__` keys. They are looked for only when the text can hold
 * one: it names `__proto__`, or has a `\` (an escape such as `\u005f_proto__` spells the same
 * key). The walk keeps its own stack, so any nesting JSON.parse reads is cleaned (a reviver
 * recurses, and overflows the call stack at a few thousand levels, which a 16 KB header holds).
 */
function parseJSON(text: string): JSONCookieValue {
  const value: JSONCookieValue = JSON.parse(text);
  if (text.indexOf('__proto__') !== -1 || text.indexOf('\\') !== -1) dropProtoKeys(value);
  return value;
}

/** Deletes every own `__proto__` key in the objects of a parsed JSON value, at every depth. */
function dropProtoKeys(root: JSONCookieValue): void {
  const stack: JSONCookieValue[] = [root];
  while (stack.length !== 0) {
    const value = stack.pop();
    if (value === null || typeof value !== 'object') continue;
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) stack.push(value[i]!);
      continue;
    }
    Reflect.deleteProperty(value, '__proto__'); // an own data property: deleting it touches no prototype
    const keys = Object.keys(value);
    for (let i = 0; i < keys.length; i++) stack.push(value[keys[i]!]!);
  }
}

/**
 * Parses a JSON cookie value: for a string starting with `j:`, `JSON.parse` of the rest (with any
 * `__proto__` key dropped); `undefined` for anything else, and for text that is not JSON.
 *
 * @param str - a cookie value
 * @returns the parsed value, or `undefined`
 * @example
 * JSONCookie('j:{"cart":[1,2]}') // { cart: [1, 2] }
 * JSONCookie('j:{oops')          // undefined
 * JSONCookie('plain')            // undefined
 */
export function JSONCookie(str: unknown): JSONCookieValue | undefined {
  if (typeof str !== 'string' || !str.startsWith('j:')) return undefined;
  try {
    return parseJSON(str.slice(2));
  } catch {
    return undefined;
  }
}

/**
 * Replaces, in `obj` itself, each `j:` value whose JSON parses to a truthy value with that value
 * (`j:0`, `j:false`, `j:null` and `j:""` stay as they are, as in cookie-parser 1.4.7). Returns
 * `obj`.
 *
 * @param obj - cookie values by name (`req.cookies`); changed in place
 * @example
 * JSONCookies({ cart: 'j:[1,2]', theme: 'dark' }) // { cart: [1, 2], theme: 'dark' }
 */
export function JSONCookies<T extends Record<string, unknown>>(obj: T): { [P in keyof T]: T[P] | JSONCookieValue } {
  const target = obj as Record<string, unknown>;
  const keys = Object.keys(target);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    const value = JSONCookie(target[key]);
    if (!value) continue;
    // `__proto__` as an own key of an object that has the setter: define, never assign
    if (key === '__proto__') {
      Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
    } else {
      target[key] = value;
    }
  }
  return obj as { [P in keyof T]: T[P] | JSONCookieValue };
}
