// Text fields into `req.body`, as multer 2.5 puts them there (it uses append-field 1.0): a name
// like `a[b][0]` or `a[]` builds nested objects and arrays.
//
//   name     = first *( "[" index "]" / "[" key "]" ) [ "[]" ]
//   first    = 1*( any char but "[" )
//   index    = 1*DIGIT                 ; an array index (parseInt)
//   key      = 1*( any char but "]" )  ; an object key
//
// A name that does not follow this grammar (`[a]`, `a[b`, `a[]x`) is a key as it is. A value
// given twice for one key becomes an array; an object that meets a plain value keeps it under
// the key `''`; an array that meets a key becomes an object with the array's indexes as keys.
//
// Safety: `req.body` and every object made here have no prototype, so `__proto__`,
// `constructor` and `prototype` are keys like any other and nothing is inherited or polluted;
// arrays are only ever indexed by numbers.

/** A value of `req.body`: the text of a field, or what nested names built. */
export type BodyValue = string | undefined | BodyValue[] | BodyObject;

/** An object of `req.body` (no prototype). */
export interface BodyObject {
  [key: string]: BodyValue;
}

/** One step of a parsed name: the key, whether it is an array index, and what comes next. */
interface Step {
  key: string | number;
  /** The next step indexes an array (else it names an object key). */
  nextIsArray: boolean;
  /** The name ended with `[]`: the value is appended to an array. */
  append: boolean;
  last: boolean;
}

function step(key: string | number): Step {
  return { key, nextIsArray: false, append: false, last: false };
}

/** The steps of a field name (see the grammar above). */
function parseName(name: string): Step[] {
  const literal = (): Step[] => [{ key: name, nextIsArray: false, append: false, last: true }];
  const len = name.length;
  let pos = name.indexOf('[');
  if (pos === -1) pos = len;
  if (pos === 0) return literal();
  let tail = step(name.slice(0, pos));
  const steps = [tail];
  while (pos < len) {
    if (name.charCodeAt(pos) !== 0x5b /* [ */) return literal(); // text after a "]"
    if (name.charCodeAt(pos + 1) === 0x5d /* ] */) {
      pos += 2;
      tail.append = true;
      if (pos !== len) return literal();
      continue;
    }
    const close = name.indexOf(']', pos + 1);
    if (close === -1) return literal();
    const inner = name.slice(pos + 1, close);
    pos = close + 1;
    const isIndex = isDigits(inner);
    tail.nextIsArray = isIndex;
    tail = step(isIndex ? Number.parseInt(inner, 10) : inner);
    steps.push(tail);
  }
  tail.last = true;
  return steps;
}

function isDigits(s: string): boolean {
  if (s.length === 0) return false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x30 || c > 0x39) return false;
  }
  return true;
}

type Container = BodyObject | BodyValue[];

/** Reads `container[key]` (an own property only: arrays are read at number keys only). */
function get(container: Container, key: string | number): BodyValue {
  return (container as BodyObject)[key as string];
}

function set(container: Container, key: string | number, value: BodyValue): void {
  (container as BodyObject)[key as string] = value;
}

/** Sets the value at the last step. */
function setLast(container: Container, s: Step, value: BodyValue): void {
  const current = get(container, s.key);
  if (current === undefined) set(container, s.key, s.append ? [value] : value);
  else if (Array.isArray(current))
    current.push(value); // may throw RangeError: INVALID_FIELD_NAME
  else if (typeof current === 'object')
    setLast(current, { key: '', nextIsArray: false, append: false, last: true }, value);
  else set(container, s.key, [current, value]);
}

/** The container the next step writes into, made (or reshaped) as that step needs. */
function descend(container: Container, s: Step): Container {
  const current = get(container, s.key);
  if (current === undefined) {
    const made: Container = s.nextIsArray ? [] : Object.create(null);
    set(container, s.key, made);
    return made;
  }
  if (Array.isArray(current)) {
    if (s.nextIsArray) return current;
    const obj: BodyObject = Object.create(null);
    for (let i = 0; i < current.length; i++) if (current[i] !== undefined) obj[String(i)] = current[i];
    set(container, s.key, obj);
    return obj;
  }
  if (typeof current === 'object') return current;
  const obj: BodyObject = Object.create(null);
  obj[''] = current;
  set(container, s.key, obj);
  return obj;
}

/**
 * Adds field `name` with `value` to `body` (append-field's `appendField`). Throws a RangeError
 * when an array would pass the largest length (`a[4294967294]` then `a[]`).
 */
export function appendField(body: BodyObject, name: string, value: string | undefined): void {
  let container: Container = body;
  for (const s of parseName(name)) {
    if (s.last) setLast(container, s, value);
    else container = descend(container, s);
  }
}

/**
 * Undoes the three escapes the HTML standard has browsers write in field and file names (LF, CR
 * and `"` as `%0A`, `%0D`, `%22`), as multer 2.5 does; nothing else (`50%.pdf` stays).
 */
export function decodeFormDataName(name: string): string {
  if (name.indexOf('%') === -1) return name;
  return name.replace(/%0A|%0D|%22/gi, (m) => {
    const c = m.charCodeAt(2) | 0x20;
    return c === 0x61 ? '\n' : c === 0x64 ? '\r' : '"';
  });
}

/** How deep a name nests: its number of `[` (multer 2.5's `fieldNestingDepth` count). */
export function nestingDepth(name: string): number {
  let n = 0;
  for (let i = name.indexOf('['); i !== -1; i = name.indexOf('[', i + 1)) n++;
  return n;
}

// A name that appendField reads as a path of brackets (the others are literal keys, whose
// bracket digits build no array): one step of non-"[" characters, then bracket groups, then an
// optional "[]". Both expressions are deterministic (each character has one way to match), so
// linear in the name.
const BRACKET_PATH = /^[^[]+(?:\[[^\]]+\])*(?:\[\])?$/;
const INDEX = /\[(\d+)\]/g;

/** Whether a name has an array index above `limit` (multer 2.5's `fieldArrayIndexLimit`). */
export function exceedsArrayIndexLimit(name: string, limit: number): boolean {
  if (!BRACKET_PATH.test(name)) return false;
  INDEX.lastIndex = 0;
  for (let m = INDEX.exec(name); m !== null; m = INDEX.exec(name)) {
    if (Number(m[1]) > limit) return true;
  }
  return false;
}
