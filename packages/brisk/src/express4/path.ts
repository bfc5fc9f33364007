// Express 4 path strings (path-to-regexp 0.1's syntax), translated when a route or middleware is
// registered into a regexp of brisk's own making, and a matcher that fills `req.params` as
// Express 4 fills them (numbered keys for unnamed groups, `undefined` for an optional parameter
// that did not match). The results are path-to-regexp 0.1.13's (what express 4.22.3 installs),
// compared on random patterns in test/express4-path.test.ts. The regexp is 0.1.13's, so some
// shapes (`/*-*-*/end`, `/(:a)?(-:b)?(-:c)?`, regexp source such as `(a+)+`) would make the engine
// backtrack for minutes on a long path: linear.ts runs each one in time linear in the path, with
// the same results (the same test measures the time).
//
// What the syntax means, as Express 4.22 reads it:
// - `:name` (word characters) is a parameter: one or more characters up to the next `/`; written
//   `/:name` or `.:name` the `/` or `.` is part of it (so `:name?` makes both optional);
//   `:name(regex)` gives its own pattern; `:name*` also takes `/`-separated text after it; `?` after
//   a parameter makes it optional;
// - `*` is an unnamed group matching anything (`(.*)`), numbered 0, 1, ... with other unnamed groups;
// - `.` is a literal dot; `\x` is the character x; `/(` opens a non-capturing group;
// - every other character is regexp source as written: `?`, `+`, `[...]`, `(...)` (a numbered group).

import { linearExec } from './linear.js';
import type { Match } from './regexp-search.js';

/** A layer's matcher (router 2.3's `layer.matchers` elements). */
export type LayerMatcher = (path: string) => false | { params: Record<string, string>; path: string };

/** How a path is matched (a layer's options). */
export interface PathOptions {
  sensitive?: boolean | undefined;
  strict?: boolean | undefined;
  end?: boolean | undefined;
}

/** A translated Express 4 path: its regexp, the name of each capturing group in order, its matcher. */
export interface Express4Path {
  regexp: RegExp;
  keys: Array<string | number>;
  /** `regexp.exec`, in time linear in the path (linear.ts). */
  exec: (path: string) => Match | null;
}

/** A character that means something else in Express 4's syntax than in Express 5's. */
const SPECIAL = /[*?+()[\]{}\\^$|!]/;
/** A segment Express 5 reads as Express 4 does: a whole-segment parameter (`:id`). */
const PLAIN_PARAM = /^:[A-Za-z_]\w*$/;
const WORD = /\w/;

/**
 * `true` when Express 5 would read `path` differently (or refuse it): a character of Express 4's
 * syntax, or a parameter that does not fill its segment (`/:a-:b`, `/:file.:ext`).
 */
export function isExpress4Path(path: string): boolean {
  for (const segment of path.split('/')) {
    if (SPECIAL.test(segment)) return true;
    if (segment.includes(':') && !PLAIN_PARAM.test(segment)) return true;
  }
  return false;
}

/** Counts the capturing groups opened in a piece of regexp source (`(` not escaped, not `(?`). */
function groupsIn(source: string): number {
  let n = 0;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') i++;
    else if (c === '(' && source[i + 1] !== '?') n++;
  }
  return n;
}

/** The first `*` of a custom pattern (unless an escape comes first) means `(.*)`, as in Express 4. */
function customPattern(capture: string): string {
  const m = /\\.|\*/.exec(capture);
  return m && m[0] === '*' ? capture.slice(0, m.index) + '(.*)' + capture.slice(m.index + 1) : capture;
}

/**
 * Translates an Express 4 path string into a regexp, its group names and its linear matcher, as
 * Express 4.22 reads it (path-to-regexp 0.1.13's results). A parameter not written after `/` or
 * `.` is bounded by `bound`: the regexp source of the text written since the previous token, as
 * Express 4.22 keeps it (escapes and dots counted as they come); it cannot take in that text.
 */
export function translateExpress4(path: string, options: PathOptions = {}): Express4Path {
  const keys: Array<string | number> = [];
  let unnamed = 0;
  let out = '';
  let bound = '';
  let pos = 0; // where the text not yet counted into `bound` starts
  let i = 0;
  const n = path.length;
  const addUnnamed = (count: number): void => {
    for (let k = 0; k < count; k++) keys.push(unnamed++);
  };
  while (i < n) {
    const c = path[i];
    if (c === '\\' && i + 1 < n) {
      const escaped = path.slice(i, i + 2);
      out += escaped;
      bound += escaped;
      pos += 2;
      i += 2;
      continue;
    }
    // a parameter, with the `/` and `.` written before it
    let j = i;
    const slash = path[j] === '/' && (path[j + 1] === ':' || (path[j + 1] === '.' && path[j + 2] === ':'));
    if (slash) j++;
    const format = path[j] === '.' && path[j + 1] === ':';
    if (format) j++;
    if (path[j] === ':' && WORD.test(path[j + 1] ?? '')) {
      let k = j + 1;
      while (k < n && WORD.test(path[k])) k++;
      const name = path.slice(j + 1, k);
      let capture: string | undefined;
      if (path[k] === '(') {
        const close = path.indexOf(')', k);
        if (close !== -1) {
          capture = path.slice(k, close + 1);
          k = close + 1;
        }
      }
      const star = path[k] === '*';
      if (star) k++;
      const optional = path[k] === '?';
      if (optional) k++;
      if (slash || format) bound = '';
      else bound += path.slice(pos, i);
      pos = k;
      const pattern =
        capture !== undefined
          ? customPattern(capture)
          : bound !== ''
            ? `((?:(?!/|${bound}).)+?)`
            : `([^/${format ? '.' : ''}]+?)`;
      keys.push(name);
      addUnnamed(groupsIn(pattern) - 1);
      out += `(?:${format ? '\\.' : ''}${slash ? '/' : ''}${pattern}`;
      if (star) {
        out += `((?:[/${format ? '\\.' : ''}].+?)?)`;
        addUnnamed(1);
      }
      out += `)${optional ? '?' : ''}`;
      bound = '';
      i = k;
      continue;
    }
    if (c === '.') {
      out += '\\.';
      bound += '\\.';
      pos += 1;
      i++;
    } else if (c === '*') {
      out += '(.*)';
      addUnnamed(1);
      bound = '';
      pos = i + 1;
      i++;
    } else if (c === '/' && path[i + 1] === '(') {
      bound += path.slice(pos, i) + '/';
      pos = i + 2;
      out += '/(?:';
      i += 2;
    } else {
      // regexp source as written (a `(` opens a numbered group)
      if (c === '(' && path[i + 1] !== '?') addUnnamed(1);
      out += c;
      i++;
    }
  }
  if (!options.strict) out += out.endsWith('/') ? '?' : '/?';
  if (options.end !== false) out += '$';
  else if (!out.endsWith('/')) out += '(?=/|$)';
  const regexp = new RegExp('^' + out, options.sensitive ? '' : 'i');
  return { regexp, keys, exec: linearExec(regexp) };
}

/** Express 4's parameter decoder: `decodeURIComponent`, a malformed escape a 400 error. */
function decodeParam(value: string | undefined): string | undefined {
  if (typeof value !== 'string' || value.length === 0) return value;
  try {
    return decodeURIComponent(value);
  } catch (err) {
    if (err instanceof URIError) {
      err.message = `Failed to decode param '${value}'`;
      (err as URIError & { status: number; statusCode: number }).status = 400;
      (err as URIError & { statusCode: number }).statusCode = 400;
    }
    throw err;
  }
}

/**
 * A layer matcher for a translated path: params as Express 4 fills them (a plain object; a group
 * that did not match leaves its key `undefined`, unless an earlier group of that name matched).
 */
export function express4Matcher({ exec, keys }: Express4Path): LayerMatcher {
  return function express4Path(path: string) {
    const m = exec(path);
    if (m === null) return false;
    const params: Record<string | number, string | undefined> = {};
    for (let i = 1; i < m.length; i++) {
      const name = keys[i - 1] ?? i - 1;
      const value = decodeParam(m[i]);
      if (value !== undefined || !Object.hasOwn(params, name)) params[name] = value;
    }
    return { params: params as Record<string, string>, path: m[0] };
  };
}
