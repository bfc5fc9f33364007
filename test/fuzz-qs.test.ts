// Property-based tests of @brisk/qs: hostile query strings under many option sets never pollute
// a prototype and throw only the documented limit errors; stringify → parse round-trips; a
// parsed result survives stringify → parse; parse and stringify grow linearly.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { parse, stringify, type ParseOptions, type StringifyOptions } from '@brisk/qs';
import {
  anyText,
  assertLinear,
  check,
  fc,
  hasLoneSurrogate,
  hostile,
  onlyDocumentedErrors,
  word,
} from './support/fuzz.js';

const PROTO_NAMES = Object.getOwnPropertyNames(Object.prototype);
const PROTO_SNAPSHOT = PROTO_NAMES.slice().sort().join();

/** Object.prototype and Array.prototype are as they were; a fresh object inherits nothing new. */
function assertNoPollution(): void {
  assert.equal(Object.getOwnPropertyNames(Object.prototype).sort().join(), PROTO_SNAPSHOT);
  const probe: Record<string, unknown> = {};
  for (const name of ['a', 'b', 'x', 'polluted', 'prototype', '0']) assert.equal(probe[name], undefined, name);
  assert.equal(([] as unknown as Record<string, unknown>).polluted, undefined);
}

/**
 * Walks the result: every object is a plain object, an array or prototype-less; no object owns
 * `__proto__`; unless `allowPrototypes`/`plainObjects`, no object owns a name of
 * `Object.prototype` (`constructor`, `toString`, ...), at any depth.
 */
function assertCleanTree(value: unknown, protoNamesAllowed: boolean, plain: boolean): void {
  if (value === null || typeof value !== 'object') return;
  const proto = Object.getPrototypeOf(value);
  if (Array.isArray(value)) assert.equal(proto, Array.prototype);
  else if (plain) assert.equal(proto, null, 'plainObjects gives prototype-less objects');
  else assert.ok(proto === Object.prototype || proto === null, 'unexpected prototype');
  assert.ok(!Object.hasOwn(value, '__proto__'), 'an own __proto__ key');
  if (!protoNamesAllowed && !Array.isArray(value)) {
    for (const name of PROTO_NAMES) assert.ok(!Object.hasOwn(value, name), `an own ${name} key`);
  }
  for (const key of Object.keys(value))
    assertCleanTree((value as Record<string, unknown>)[key], protoNamesAllowed, plain);
}

/** Every key at every depth of `value`. */
function allKeys(value: unknown, out: string[] = []): string[] {
  if (value === null || typeof value !== 'object') return out;
  for (const key of Object.keys(value)) {
    out.push(key);
    allKeys((value as Record<string, unknown>)[key], out);
  }
  return out;
}

const QS_SPECIALS = [
  '&',
  '&',
  '=',
  '[',
  ']',
  '[]',
  '.',
  '%',
  '%5B',
  '%5D',
  '%2E',
  '%26',
  '%3D',
  '+',
  ',',
  ';',
  '?',
  '0',
  '1',
  '20',
  '99999999',
  'a',
  'b',
  '__proto__',
  '[__proto__]',
  '.__proto__',
  'constructor',
  '[constructor]',
  '[prototype]',
  'prototype',
  'toString',
  'hasOwnProperty',
  '%5F%5Fproto%5F%5F',
  'utf8=%E2%9C%93',
  '&#9786;',
];
const queries = hostile(QS_SPECIALS, { maxParts: 30, maxRun: 30 });

/** Option sets, from the defaults to every lenient or strict mode. */
const OPTION_SETS: ParseOptions[] = [
  {},
  { allowPrototypes: true },
  { plainObjects: true },
  { allowDots: true },
  { allowDots: true, allowPrototypes: true, depth: 20 },
  { decodeDotInKeys: true },
  { comma: true },
  { comma: true, allowPrototypes: true },
  { parseArrays: false },
  { depth: 0 },
  { depth: Number.POSITIVE_INFINITY, arrayLimit: 1000 },
  { strictNullHandling: true, allowEmptyArrays: true },
  { allowSparse: true },
  { duplicates: 'first' },
  { duplicates: 'last', strictMerge: false },
  { charset: 'iso-8859-1', interpretNumericEntities: true },
  { charsetSentinel: true },
  { ignoreQueryPrefix: true, delimiter: /[;,]/ },
  { throwOnLimitExceeded: true, parameterLimit: 5, arrayLimit: 3 },
  { strictDepth: true, depth: 2 },
];

/** The limit errors qs documents (RangeError), thrown only with throwOnLimitExceeded / strictDepth. */
const LIMIT_ERRORS = [
  { type: RangeError, message: /^Parameter limit exceeded\. Only \d+ parameters? allowed\.$/ },
  { type: RangeError, message: /^Array limit exceeded\. Only \d+ elements? allowed in an array\.$/ },
  { type: RangeError, message: /^Input depth exceeded depth option of \d+ and strictDepth is true$/ },
];

describe('@brisk/qs: hostile query strings', () => {
  test('parse never pollutes a prototype, never writes __proto__, drops Object.prototype names by default', () => {
    check(
      fc.property(queries, fc.constantFrom(...OPTION_SETS), (query, options) => {
        const strict = Boolean(options.throwOnLimitExceeded || options.strictDepth);
        const result = strict ? onlyDocumentedErrors(() => parse(query, options), LIMIT_ERRORS) : parse(query, options);
        assertNoPollution();
        if (result === undefined) return;
        assert.ok(Object.getPrototypeOf(result) === Object.prototype || Object.getPrototypeOf(result) === null);
        const namesAllowed = Boolean(options.allowPrototypes || options.plainObjects);
        assertCleanTree(result, namesAllowed, Boolean(options.plainObjects));
      }),
      400,
    );
  });

  test('object input with own __proto__ / constructor keys pollutes nothing', () => {
    check(
      fc.property(
        fc.dictionary(queries, fc.oneof(anyText(), fc.constant(null)), { maxKeys: 6 }),
        fc.constantFrom(...OPTION_SETS.filter((o) => !o.throwOnLimitExceeded && !o.strictDepth)),
        (dict, options) => {
          const hostileDict = JSON.parse(
            JSON.stringify({ ...dict, __proto__: { polluted: 'yes' }, 'constructor[prototype][polluted]': 'yes' }),
          );
          const result = parse(hostileDict, options);
          assertNoPollution();
          const namesAllowed = Boolean(options.allowPrototypes || options.plainObjects);
          assertCleanTree(result, namesAllowed, Boolean(options.plainObjects));
        },
      ),
      100,
    );
  });

  // qs 6.17.1 drops a bracketed name at depth 0 ("[toString]=1", "[constructor]") as brisk does.
  test('with depth: 0, Object.prototype names are dropped too', () => {
    check(
      fc.property(queries, (query) => {
        assertCleanTree(parse(query, { depth: 0 }), false, false);
      }),
      200,
    );
  });

  // Stricter than qs 6.17.1, which keeps parse("prototype=1") as { prototype: "1" } (decision 005).
  test('no key named prototype is written (docs/contracts.md, security rules)', () => {
    check(
      fc.property(queries, (query) => {
        assert.ok(!allKeys(parse(query)).includes('prototype'));
      }),
      200,
    );
  });

  // qs's key grammar is not closed under stringify, as in qs 6.15.4: an unbalanced bracket stays
  // in a key (`a[` → { a: { '[': '' } }), written back as `a[[]` and read as { a: { '[[]': '' } },
  // one more bracket each round. So this property keeps brackets and dots out of keys. Lone
  // surrogates are left out too: they have no UTF-8 encoding and are written as U+FFFD (as qs
  // 6.17 does), so they cannot come back.
  test('without brackets or dots in keys, a parsed result survives stringify → parse', () => {
    const plain = hostile(
      QS_SPECIALS.filter((t) => !/[[\].]|%5B|%5D|%2E/i.test(t)),
      { maxParts: 30, maxRun: 30 },
    );
    check(
      fc.property(plain, (query) => {
        fc.pre(!hasLoneSurrogate(query) && !/[[\]]/.test(query));
        const once = parse(query);
        const printed = stringify(once);
        assert.deepEqual(parse(printed), once, `via ${JSON.stringify(printed)}`);
      }),
      200,
    );
  });
});

// --- stringify → parse ------------------------------------------------------------------------

/** A key that reads back as itself: no brackets (key syntax), not an index, not an Object.prototype name. */
const key = (dots: boolean) =>
  fc
    .oneof(word(1, 6), anyText(8))
    .filter(
      (k) =>
        k.length > 0 &&
        !/[[\]]/.test(k) &&
        !(dots && k.includes('.')) &&
        !/^\d+$/.test(k) &&
        !PROTO_NAMES.includes(k) &&
        k !== '__proto__',
    );

/**
 * Objects qs writes and reads back the same: string leaves (any well-formed text), non-empty
 * arrays of at most 20 elements (arrayLimit), nesting within depth 5, no empty objects or arrays
 * (qs writes nothing for them). Arrays hold scalars only when `scalarArrays`.
 */
function objects(dots: boolean, scalarArrays: boolean) {
  const leaf = anyText(12);
  const tree = fc.letrec((tie) => ({
    node: fc.oneof({ depthSize: 'small', maxDepth: 3 }, leaf, tie('array'), tie('object')),
    array: fc.array(scalarArrays ? leaf : tie('node'), { minLength: 1, maxLength: 5 }),
    object: fc.dictionary(key(dots), tie('node'), { minKeys: 1, maxKeys: 4, noNullPrototype: true }),
  }));
  return fc.dictionary(key(dots), tree.node, { minKeys: 1, maxKeys: 5, noNullPrototype: true });
}

/** Writes `object` with `stringifyOptions` and asserts that `parseOptions` read it back equal. */
function roundTrip(object: Record<string, unknown>, stringifyOptions: StringifyOptions, parseOptions: ParseOptions) {
  const printed = stringify(object, stringifyOptions);
  const back = parse(printed, parseOptions);
  assert.deepEqual(back, object, `via ${JSON.stringify(printed)}`);
}

describe('@brisk/qs: stringify → parse round trips', () => {
  test('default (indices), encodeValuesOnly, RFC1738', () => {
    check(
      fc.property(objects(false, false), (object) => {
        roundTrip(object, {}, {});
        roundTrip(object, { format: 'RFC1738' }, {});
      }),
      150,
    );
  });

  test('brackets and repeat for arrays of strings', () => {
    check(
      fc.property(objects(false, true), (object) => {
        roundTrip(object, { arrayFormat: 'brackets' }, {});
        // encodeValuesOnly writes keys raw: only keys of letters read back.
        if (allKeys(object).every((k) => /^[a-z]+$/i.test(k))) {
          roundTrip(
            object,
            { arrayFormat: 'brackets', encodeValuesOnly: true, addQueryPrefix: true },
            { ignoreQueryPrefix: true },
          );
        }
      }),
      120,
    );
  });

  test('allowDots', () => {
    check(
      fc.property(objects(true, false), (object) => {
        roundTrip(object, { allowDots: true }, { allowDots: true });
      }),
      120,
    );
  });
});

// --- time -------------------------------------------------------------------------------------

describe('@brisk/qs: time grows linearly with hostile input', () => {
  const unlimited: ParseOptions = { parameterLimit: Number.POSITIVE_INFINITY };
  // Shapes that build many keys or elements take a smaller n (see LinearOptions.n).
  const shapes: Array<[string, (n: number) => string, ParseOptions, number?]> = [
    ['unterminated [', (n) => 'a' + '['.repeat(n) + '=1', {}, 2048],
    [']= runs', (n) => ']='.repeat(n / 2), {}],
    ['%5B runs', (n) => '%5B'.repeat(n / 3) + '=1', {}],
    ['bad escapes', (n) => 'a=' + '%E0%A4%'.repeat(n / 7), {}],
    ['repeated key, no parameterLimit', (n) => 'k=v&'.repeat(n / 4), unlimited, 2048],
    ['a[]= pushes, no parameterLimit', (n) => 'a[]=1&'.repeat(n / 6), unlimited, 2048],
    [
      'indices, no parameterLimit',
      (n) => Array.from({ length: n / 8 }, (_, i) => `a[${i}]=1`).join('&'),
      unlimited,
      4096,
    ],
    [
      'distinct keys, no parameterLimit',
      (n) => Array.from({ length: n / 8 }, (_, i) => `k${i}=v`).join('&'),
      unlimited,
      2048,
    ],
    ['deep nesting', (n) => 'a' + '[b]'.repeat(n / 3) + '=1', { depth: Number.POSITIVE_INFINITY }, 4096],
    ['dots', (n) => 'a' + '.b'.repeat(n / 2) + '=1', { allowDots: true, depth: Number.POSITIVE_INFINITY }, 4096],
    ['commas', (n) => 'a=' + ','.repeat(n), { comma: true, arrayLimit: Number.POSITIVE_INFINITY }, 1024],
    [
      'entities',
      (n) => 'a=' + '%26%239786%3B'.repeat(n / 13),
      { charset: 'iso-8859-1', interpretNumericEntities: true },
    ],
  ];
  for (const [label, build, options, n] of shapes) {
    test(`parse: ${label}`, () => {
      assertLinear(label, build, (q) => parse(q, options), n ? { n } : {});
    });
  }

  // @brisk/body's urlencoded (as body-parser 2) parses with arrayLimit = max(100, parameter count),
  // so with a raised parameterLimit every repeated key grows one array, which must not be copied
  // on each append.
  const bigArrays: ParseOptions = { parameterLimit: Number.POSITIVE_INFINITY, arrayLimit: Number.POSITIVE_INFINITY };
  test('parse: repeated keys with a raised arrayLimit (as urlencoded sets it)', () => {
    const options = { n: 1024, minMs: 0.3 };
    assertLinear(
      'a=&',
      (n) => 'a=&'.repeat(n / 3),
      (q) => parse(q, bigArrays),
      options,
    );
    assertLinear(
      'a[]=&',
      (n) => 'a[]=&'.repeat(n / 5),
      (q) => parse(q, bigArrays),
      options,
    );
    assertLinear(
      'a[i]=',
      (n) => Array.from({ length: n / 8 }, (_, i) => `a[${i}]=1`).join('&'),
      (q) => parse(q, bigArrays),
      options,
    );
  });

  // The cycle check is one map look-up per level. Nesting deeper than the call stack (some
  // thousands of levels) throws the engine's RangeError, as qs; the `depth` option bounds it.
  test('stringify: deep nesting', () => {
    const deep = (n: number) => {
      let o: Record<string, unknown> = { x: 'y' };
      for (let i = 0; i < n / 16; i++) o = { a: o };
      return o;
    };
    assertLinear('stringify deep', deep, (o) => stringify(o), { n: 2048, minMs: 0.3 });
  });

  test('stringify: wide and long', () => {
    const wide = (n: number) => Object.fromEntries(Array.from({ length: n / 16 }, (_, i) => [`k${i}`, 'v']));
    assertLinear('stringify wide', wide, (o) => stringify(o), { n: 4096 });
    assertLinear(
      'stringify long value',
      (n) => ({ a: 'é😀 %&='.repeat(n / 8) }),
      (o) => stringify(o),
    );
    assertLinear(
      'stringify long array',
      (n) => ({ a: Array.from({ length: n / 8 }, () => 'v') }),
      (o) => stringify(o),
      { n: 4096 },
    );
  });
});
