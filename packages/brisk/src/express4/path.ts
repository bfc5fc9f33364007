// Express 4 path strings (path-to-regexp 0.1's syntax), translated when a route or middleware is
// registered into a regexp of brisk's own making, and a matcher that fills `req.params` as
// Express 4 fills them (numbered keys for unnamed groups, `undefined` for an optional parameter
// that did not match). The regexp is built so that no parameter can backtrack across another's
// separator: each parameter after the first of a segment stops at the literal text that precedes
// it, so matching time grows linearly with the path (test/express4-path.test.ts, decision 031).
//
// What the syntax means, as Express 4.22 reads it:
// - `:name` (word characters) is a parameter: one or more characters up to the next `/`; written
//   `/:name` or `.:name` the `/` or `.` is part of it (so `:name?` makes both optional);
//   `:name(regex)` gives its own pattern; `:name*` also takes `/`-separated text after it; `?` after
//   a parameter makes it optional;
// - `*` is an unnamed group matching anything (`(.*)`), numbered 0, 1, ... with other unnamed groups;
// - `.` is a literal dot; `\x` is the character x; `/(` opens a non-capturing group;
// - every other character is regexp source as written: `?`, `+`, `[...]`, `(...)` (a numbered group).

/** A layer's matcher (router 2.3's `layer.matchers` elements). */
export type LayerMatcher = (path: string) => false | { params: Record<string, string>; path: string };

/** How a path is matched (a layer's options). */
export interface PathOptions {
  sensitive?: boolean | undefined;
  strict?: boolean | undefined;
  end?: boolean | undefined;
}

/** A translated Express 4 path: its regexp, and the name of each capturing group in order. */
export interface Express4Path {
  regexp: RegExp;
  keys: Array<string | number>;
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

/** Escapes a literal for use inside a regexp lookahead. */
function escapeLiteral(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
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

/** Translates an Express 4 path string into a regexp and its group names. */
export function translateExpress4(path: string, options: PathOptions = {}): Express4Path {
  const keys: Array<string | number> = [];
  let unnamed = 0;
  let out = '';
  // The literal text since the last parameter of this segment (as a plain string): what bounds
  // the next parameter. Undefined right after a `/` or a `.`-parameter (nothing to bound by).
  let literal = '';
  let i = 0;
  const n = path.length;
  const addUnnamed = (count: number): void => {
    for (let k = 0; k < count; k++) keys.push(unnamed++);
  };
  while (i < n) {
    const c = path[i];
    // a parameter, with the `/` and `.` written before it
    let j = i;
    let slash = '';
    let format = '';
    if (path[j] === '/' && (path[j + 1] === ':' || (path[j + 1] === '.' && path[j + 2] === ':'))) {
      slash = '/';
      j++;
    }
    if (path[j] === '.' && path[j + 1] === ':') {
      format = '.';
      j++;
    }
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
      let pattern: string;
      if (capture !== undefined) {
        // as Express 4: the first `*` of a custom pattern (unless an escape comes first) means `.*`
        const m = /\\.|\*/.exec(capture);
        pattern = m && m[0] === '*' ? capture.slice(0, m.index) + '(.*)' + capture.slice(m.index + 1) : capture;
      } else if (slash || format || literal === '') {
        pattern = format ? '([^/.]+?)' : '([^/]+?)';
      } else {
        // Bounded by the literal text before it, as path-to-regexp 0.1.12 bounds it, so that it
        // cannot take in the separator: no backtracking across it (linear time).
        pattern = `((?:(?!/|${escapeLiteral(literal)})[^/])+?)`;
      }
      keys.push(name);
      addUnnamed(groupsIn(pattern) - 1);
      out += `(?:${format ? '\\.' : ''}${slash ? '\\/' : ''}${pattern}`;
      if (star) {
        out += `((?:[/${format ? '.' : ''}].+?)?)`;
        addUnnamed(1);
      }
      out += `)${optional ? '?' : ''}`;
      literal = '';
      i = k;
      continue;
    }
    if (c === '\\' && i + 1 < n) {
      out += path.slice(i, i + 2);
      literal += path[i + 1];
      i += 2;
    } else if (c === '*') {
      out += '(.*)';
      addUnnamed(1);
      literal = '';
      i++;
    } else if (c === '.') {
      out += '\\.';
      literal += '.';
      i++;
    } else if (c === '/' && path[i + 1] === '(') {
      out += '\\/(?:';
      literal = '';
      i += 2;
    } else if (c === '/') {
      out += '\\/';
      literal = '';
      i++;
    } else {
      if (c === '(' && path[i + 1] !== '?') addUnnamed(1);
      out += c;
      literal += c;
      i++;
    }
  }
  if (!options.strict) out += path.endsWith('/') ? '?' : '\\/?';
  if (options.end !== false) out += '$';
  else if (!path.endsWith('/')) out += '(?=\\/|$)';
  return { regexp: new RegExp('^' + out, options.sensitive ? '' : 'i'), keys };
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
export function express4Matcher({ regexp, keys }: Express4Path): LayerMatcher {
  return function express4Path(path: string) {
    const m = regexp.exec(path);
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
