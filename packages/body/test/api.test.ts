// The export shape (body-parser 2.4's module.exports) and option validation at set-up time.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import bodyParser, {
  json,
  raw,
  text,
  urlencoded,
  type BodyParser,
  type OptionsJson,
  type OptionsUrlencoded,
} from '../src/index.js';

describe('exports', () => {
  test('the default export is a function carrying the four parsers', () => {
    assert.equal(typeof bodyParser, 'function');
    assert.equal(bodyParser.json, json);
    assert.equal(bodyParser.raw, raw);
    assert.equal(bodyParser.text, text);
    assert.equal(bodyParser.urlencoded, urlencoded);
  });

  test('calling the generic bodyParser() throws, as in body-parser 2', () => {
    assert.throws(() => (bodyParser as unknown as () => void)(), {
      name: 'Error',
      message: 'The bodyParser() generic has been split into individual middleware to use instead.',
    });
  });

  test('each parser returns a named middleware of arity 3', () => {
    const cases: [BodyParser, string][] = [
      [json(), 'jsonParser'],
      [raw(), 'rawParser'],
      [text(), 'textParser'],
      [urlencoded(), 'urlencodedParser'],
    ];
    for (const [mw, name] of cases) {
      assert.equal(typeof mw, 'function');
      assert.equal(mw.name, name);
      assert.equal(mw.length, 3);
    }
  });

  test('types are reachable through the default export', () => {
    const options: bodyParser.OptionsJson = { strict: false, limit: '1mb' };
    const form: bodyParser.OptionsUrlencoded = { extended: true, parameterLimit: 10 };
    const named: OptionsJson = options;
    const named2: OptionsUrlencoded = form;
    const mw: bodyParser.BodyParser = json(named);
    assert.equal(typeof mw, 'function');
    assert.equal(typeof urlencoded(named2), 'function');
  });
});

const parsers = { json, raw, text, urlencoded } as const;
type Loose = Parameters<typeof json>[0] & Record<string, unknown>;
const make = (name: keyof typeof parsers, options: unknown) => () => parsers[name](options as Loose);

describe('option validation', () => {
  for (const name of Object.keys(parsers) as (keyof typeof parsers)[]) {
    test(`${name}: limit must be a byte count or a byte-size string`, () => {
      for (const limit of ['abc', true, {}, Number.NaN, [], 'kb']) {
        assert.throws(make(name, { limit }), {
          name: 'TypeError',
          message: `option limit "${String(limit)}" is invalid`,
        });
      }
      for (const limit of [0, 1, 1024, '1kb', '1.5mb', '100', Infinity, null, undefined]) {
        assert.doesNotThrow(make(name, { limit }));
      }
    });

    test(`${name}: verify must be a function when set`, () => {
      for (const verify of ['yes', 1, {}, true]) {
        assert.throws(make(name, { verify }), { name: 'TypeError', message: 'option verify must be function' });
      }
      for (const verify of [undefined, null, false, 0, '', () => {}]) assert.doesNotThrow(make(name, { verify }));
    });

    test(`${name}: no options, null and {} are all the defaults`, () => {
      assert.doesNotThrow(make(name, undefined));
      assert.doesNotThrow(make(name, null));
      assert.doesNotThrow(make(name, {}));
    });
  }

  test('urlencoded: defaultCharset is utf-8 or iso-8859-1', () => {
    assert.throws(make('urlencoded', { defaultCharset: 'utf-16' }), {
      name: 'TypeError',
      message: 'option defaultCharset must be either utf-8 or iso-8859-1',
    });
    assert.throws(make('urlencoded', { defaultCharset: 'UTF-8' }), {
      message: 'option defaultCharset must be either utf-8 or iso-8859-1',
    });
    assert.doesNotThrow(make('urlencoded', { defaultCharset: 'iso-8859-1' }));
    assert.doesNotThrow(make('urlencoded', { defaultCharset: 'utf-8' }));
  });

  test('urlencoded: parameterLimit is a positive number', () => {
    for (const parameterLimit of [0, -1, 'abc', Number.NaN, null, {}]) {
      assert.throws(make('urlencoded', { parameterLimit }), {
        name: 'TypeError',
        message: 'option parameterLimit must be a positive number',
      });
    }
    for (const parameterLimit of [1, 10, Infinity, '5', 2.5])
      assert.doesNotThrow(make('urlencoded', { parameterLimit }));
  });

  test('urlencoded: depth is zero or a positive number (checked when extended)', () => {
    for (const depth of [-1, 'abc', Number.NaN, {}]) {
      assert.throws(make('urlencoded', { extended: true, depth }), {
        name: 'TypeError',
        message: 'option depth must be a zero or a positive number',
      });
    }
    for (const depth of [0, 1, 100]) assert.doesNotThrow(make('urlencoded', { extended: true, depth }));
    // depth only applies to the extended parser
    assert.doesNotThrow(make('urlencoded', { extended: false, depth: -1 }));
  });
});
