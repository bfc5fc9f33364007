// @brisk/cors on its own: the module's shape, options checked at set-up, and hostile input: origin
// functions and delegates that throw, reject, answer twice or answer nonsense; request headers
// with CR/LF; RegExps with state; unknown option keys (warned about, never refused).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import upstream from 'cors';
import cors, { type CorsOptions, type CorsRequest } from '../src/index.js';
import { RecordingResponse, run, type Outcome } from './support.js';

type AnyMiddleware = Parameters<typeof run>[0];
const mw = (options?: Parameters<typeof cors>[0]) => cors(options) as AnyMiddleware;
const FROM = { origin: 'http://example.com' };

/** The error `next` got. */
function errorOf(out: Outcome): Error & { code?: string; cause?: unknown } {
  return out.next?.[0] as Error & { code?: string; cause?: unknown };
}

/** The process warnings emitted while `fn` runs (and one turn after). */
async function warningsDuring(fn: () => unknown): Promise<(Error & { code?: string })[]> {
  const seen: (Error & { code?: string })[] = [];
  const listener = (w: Error) => seen.push(w);
  process.on('warning', listener);
  try {
    await fn();
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
  } finally {
    process.off('warning', listener);
  }
  return seen;
}

describe('the module', () => {
  it('is the factory, named as cors names it; the middleware is corsMiddleware', () => {
    assert.equal(typeof cors, 'function');
    assert.equal(cors.name, upstream.name);
    assert.equal(cors.name, 'middlewareWrapper');
    assert.equal(cors().name, 'corsMiddleware');
    assert.equal(cors(() => undefined).name, 'corsMiddleware');
    assert.equal(cors().length, 3);
  });

  it('does not change the options object (a frozen one works)', async () => {
    const options = Object.freeze({ origin: 'custom-origin', methods: Object.freeze(['GET']) });
    const out = await run(mw(options as CorsOptions), 'GET', FROM);
    assert.deepEqual(out.calls[0], ['Access-Control-Allow-Origin', 'custom-origin']);
  });

  it('reads the options once: a change afterwards does not apply, except to an origin array', async () => {
    const options: { origin: string[]; credentials: boolean } = { origin: [], credentials: false };
    const middleware = mw(options);
    options.credentials = true;
    assert.equal((await run(middleware, 'GET', FROM)).calls.length, 1); // Vary only
    // an allow-list filled in after start-up applies, as with cors 2.8.6
    options.origin.push('http://example.com');
    const out = await run(middleware, 'GET', FROM);
    assert.deepEqual(out.calls, [
      ['Access-Control-Allow-Origin', 'http://example.com'],
      ['Vary', 'Origin'],
    ]);
  });
});

describe('options are checked when cors() is called', () => {
  const bad: [string, unknown, RegExp][] = [
    ['a string instead of options', 'https://a.example', /^argument options "https:\/\/a\.example" is invalid/],
    ['an array instead of options', ['https://a.example'], /^argument options/],
    ['a number instead of options', 42, /^argument options "42" is invalid/],
    ['origin 42', { origin: 42 }, /^option origin "42" is invalid: expected a boolean, a string, a RegExp/],
    ['origin {}', { origin: {} }, /^option origin "\[object Object\]" is invalid/],
    [
      'origin [1]',
      { origin: ['https://a.example', 1] },
      /^option origin .* an array must hold strings, RegExps or booleans/,
    ],
    ['origin [[null]]', { origin: [[null]] }, /^option origin/],
    [
      'origin with CR/LF',
      { origin: 'https://a.example\r\nSet-Cookie: x=1' },
      /^option origin "https:\/\/a\.example\\x0d\\x0aSet-Cookie: x=1" is invalid: it has characters a header value cannot carry$/,
    ],
    ['methods 5', { methods: 5 }, /^option methods "5" is invalid/],
    ['methods [GET, 1]', { methods: ['GET', 1] }, /^option methods .* strings only/],
    ['methods with LF', { methods: 'GET\nPUT' }, /^option methods .* header value cannot carry/],
    ['allowedHeaders true', { allowedHeaders: true }, /^option allowedHeaders "true" is invalid/],
    ['headers {}', { headers: {} }, /^option allowedHeaders/],
    ['exposedHeaders 5', { exposedHeaders: 5 }, /^option exposedHeaders "5" is invalid/],
    ["credentials 'true'", { credentials: 'true' }, /^option credentials "true" is invalid: expected true or false/],
    ['maxAge NaN', { maxAge: Number.NaN }, /^option maxAge "NaN" is invalid/],
    ['maxAge Infinity', { maxAge: Number.POSITIVE_INFINITY }, /^option maxAge "Infinity" is invalid/],
    ['maxAge 1.5', { maxAge: 1.5 }, /^option maxAge "1.5" is invalid/],
    ['maxAge 1e21', { maxAge: 1e21 }, /^option maxAge "1e\+21" is invalid/],
    ["maxAge ' 600'", { maxAge: ' 600' }, /^option maxAge " 600" is invalid/],
    ['maxAge 10n', { maxAge: 10n }, /^option maxAge "10" is invalid/],
    ["maxAge '10m'", { maxAge: '10m' }, /^option maxAge "10m" is invalid/],
    ["preflightContinue 'yes'", { preflightContinue: 'yes' }, /^option preflightContinue "yes" is invalid/],
    ["optionsSuccessStatus '200'", { optionsSuccessStatus: '200' }, /^option optionsSuccessStatus "200" is invalid/],
    ['optionsSuccessStatus 99', { optionsSuccessStatus: 99 }, /^option optionsSuccessStatus "99" is invalid/],
    ['optionsSuccessStatus 200.5', { optionsSuccessStatus: 200.5 }, /^option optionsSuccessStatus/],
  ];
  for (const [name, options, message] of bad) {
    it(`${name}: a TypeError naming the option`, () => {
      assert.throws(
        () => cors(options as CorsOptions),
        (err: Error) => err instanceof TypeError && message.test(err.message),
      );
    });
  }

  it('undefined or null for an option other than origin means "not set" (cors 2.8.6 fails per request on some)', async () => {
    const out = await run(
      mw({
        methods: undefined,
        optionsSuccessStatus: undefined,
        maxAge: null,
        credentials: null,
        preflightContinue: undefined,
      }),
      'OPTIONS',
      FROM,
    );
    assert.equal(out.statusCode, 204);
    assert.ok(
      out.calls.some(([n, v]) => n === 'Access-Control-Allow-Methods' && v === 'GET,HEAD,PUT,PATCH,POST,DELETE'),
    );
    // cors 2.8.6: `methods: undefined` throws on every preflight
    assert.throws(() =>
      (upstream({ methods: undefined }) as AnyMiddleware)(
        { method: 'OPTIONS', headers: {} } as never,
        new RecordingResponse() as never,
        () => {},
      ),
    );
  });

  it('origin given as undefined turns CORS off, as in cors 2.8.6 (an unset environment variable does not open it)', async () => {
    const out = await run(mw({ origin: process.env.BRISK_TEST_UNSET_ORIGIN }), 'GET', FROM);
    assert.deepEqual(out.calls, []);
    assert.deepEqual(out.next, []);
  });
});

describe('unknown option keys', () => {
  it('are accepted and ignored as cors 2.8.6 does, with one warning per name naming the known ones', async () => {
    const warnings = await warningsDuring(async () => {
      const middleware = mw({
        origin: 'http://example.com',
        optionSuccessStatus: 200,
        allowedOrigins: ['x'],
      } as CorsOptions);
      mw({ optionSuccessStatus: 200 } as CorsOptions); // the same name again: no second warning
      const out = await run(middleware, 'OPTIONS', FROM);
      assert.equal(out.statusCode, 204); // the typo did not set the status
    });
    assert.deepEqual(
      warnings.map((w) => [w.name, w.code]),
      [
        ['BriskCorsWarning', 'BRISK_ERR_CORS_UNKNOWN_OPTION'],
        ['BriskCorsWarning', 'BRISK_ERR_CORS_UNKNOWN_OPTION'],
      ],
    );
    assert.match(
      warnings[0]!.message,
      /unknown option "optionSuccessStatus" is ignored; the options are origin, methods/,
    );
    assert.match(warnings[1]!.message, /"allowedOrigins"/);
  });

  it('returned by a delegate: warned about once, the request served', async () => {
    const warnings = await warningsDuring(async () => {
      const middleware = mw((_req, cb) => cb(null, { origin: '*', exposeHeaders: 'X-A' } as CorsOptions));
      for (let i = 0; i < 3; i++) assert.deepEqual((await run(middleware, 'GET', FROM)).next, []);
    });
    assert.equal(warnings.filter((w) => /"exposeHeaders"/.test(w.message)).length, 1);
  });
});

describe('an origin function', () => {
  it('that throws: next(err) with the very error', async () => {
    const error = new Error('boom');
    const out = await run(
      mw({
        origin: () => {
          throw error;
        },
      }),
      'GET',
      FROM,
    );
    assert.deepEqual(out.next, [error]);
    assert.equal(out.nextCalls, 1);
    assert.deepEqual(out.calls, []);
  });

  for (const value of [undefined, null, 0, '', false, Number.NaN]) {
    it(`that throws ${String(value) || "''"}: next gets a real Error, never "no error"`, async () => {
      const out = await run(
        mw({
          origin: () => {
            throw value;
          },
        }),
        'GET',
        FROM,
      );
      const err = out.next?.[0] as Error & { code?: string; cause?: unknown };
      assert.ok(err instanceof Error);
      assert.equal(err.code, 'BRISK_ERR_CORS_NO_ERROR');
      assert.match(err.message, /^@brisk\/cors: the origin function failed with /);
      assert.ok(Object.is(err.cause, value));
    });

    it(`that rejects with ${String(value) || "''"}: next gets a real Error`, async () => {
      const out = await run(mw({ origin: () => Promise.reject(value) }), 'GET', FROM);
      assert.equal(errorOf(out).code, 'BRISK_ERR_CORS_NO_ERROR');
    });
  }

  it('that throws an object whose toString throws: passed on as it is, nothing stringified', async () => {
    const hostile = {
      toString() {
        throw new Error('no');
      },
      get message(): string {
        throw new Error('no');
      },
    };
    const out = await run(
      mw({
        origin: () => {
          throw hostile;
        },
      }),
      'GET',
      FROM,
    );
    assert.equal(out.next?.[0], hostile);
  });

  it('that throws a Proxy that throws on every trap: passed on', async () => {
    const proxy = new Proxy(
      {},
      {
        get() {
          throw new Error('trap');
        },
        getPrototypeOf() {
          throw new Error('trap');
        },
      },
    );
    const out = await run(
      mw({
        origin: () => {
          throw proxy;
        },
      }),
      'GET',
      FROM,
    );
    assert.equal(out.next?.[0], proxy);
  });

  it('async, answering by its promise: true, false, a string, an array', async () => {
    assert.deepEqual((await run(mw({ origin: async () => true }), 'GET', FROM)).calls[0], [
      'Access-Control-Allow-Origin',
      'http://example.com',
    ]);
    assert.deepEqual((await run(mw({ origin: async () => false }), 'GET', FROM)).calls, []);
    assert.deepEqual((await run(mw({ origin: async () => undefined }), 'GET', FROM)).calls, []);
    assert.deepEqual((await run(mw({ origin: async () => 'https://x.example' }), 'GET', FROM)).calls[0], [
      'Access-Control-Allow-Origin',
      'https://x.example',
    ]);
    assert.deepEqual((await run(mw({ origin: async (o) => [o ?? ''] }), 'GET', FROM)).calls[0], [
      'Access-Control-Allow-Origin',
      'http://example.com',
    ]);
  });

  it('async with a callback: the callback answers; its promise of undefined is not an answer', async () => {
    const res = new RecordingResponse();
    const handedOn = new Promise<unknown[]>((resolve) =>
      mw({
        origin: async (_o, cb) => {
          await new Promise((later) => setTimeout(later, 5));
          cb(null, true);
        },
      })({ method: 'GET', headers: FROM } as never, res as never, (...args: unknown[]) => resolve(args)),
    );
    assert.deepEqual(await handedOn, []);
    assert.equal(res.getHeader('Access-Control-Allow-Origin'), 'http://example.com');
  });

  it('that rejects: the error reaches next(err)', async () => {
    const error = new Error('lookup failed');
    assert.deepEqual(
      (
        await run(
          mw({
            origin: async () => {
              throw error;
            },
          }),
          'GET',
          FROM,
        )
      ).next,
      [error],
    );
  });

  it('that calls back twice: next runs once', async () => {
    const out = await run(
      mw({
        origin: (_o, cb) => {
          cb(null, true);
          cb(null, true);
          cb(new Error('late'));
        },
      }),
      'GET',
      FROM,
    );
    assert.equal(out.nextCalls, 1);
    assert.deepEqual(out.next, []);
    assert.equal(out.calls.length, 2); // ACAO + Vary, once
  });

  it('that calls back, then rejects: next runs once, the late failure is a warning', async () => {
    let out: Awaited<ReturnType<typeof run>> | undefined;
    const warnings = await warningsDuring(async () => {
      out = await run(
        mw({
          origin: async (_o, cb) => {
            cb(null, true);
            throw new Error('after');
          },
        }),
        'GET',
        FROM,
      );
    });
    assert.equal(out?.nextCalls, 1);
    assert.deepEqual(
      warnings.map((w) => w.code),
      ['BRISK_ERR_CORS_LATE_ERROR'],
    );
    assert.match(warnings[0]!.message, /the origin function failed after it had answered: Error: after/);
  });

  it('returning a thenable whose then throws: next(err)', async () => {
    const error = new Error('then');
    const out = await run(
      mw({
        origin: (() => ({
          then() {
            throw error;
          },
        })) as never,
      }),
      'GET',
      FROM,
    );
    assert.deepEqual(out.next, [error]);
  });

  it('answering a value of the wrong type: next(TypeError), no header', async () => {
    for (const value of [42, {}, () => true, [1]]) {
      const out = await run(mw({ origin: (_o, cb) => cb(null, value as never) }), 'GET', FROM);
      assert.ok(out.next?.[0] instanceof TypeError, String(value));
      assert.match(errorOf(out).message, /^option origin callback value/);
      assert.deepEqual(out.calls, []);
    }
  });

  it('answering a string with CR/LF: next(TypeError), never a header', async () => {
    const out = await run(mw({ origin: (_o, cb) => cb(null, 'https://a.example\r\nSet-Cookie: x=1') }), 'GET', FROM);
    assert.ok(out.next?.[0] instanceof TypeError);
    assert.deepEqual(out.calls, []);
  });

  it('gets undefined for a request without Origin', async () => {
    let seen: unknown = 'not called';
    await run(
      mw({
        origin: (o, cb) => {
          seen = o;
          cb(null, true);
        },
      }),
      'GET',
      {},
    );
    assert.equal(seen, undefined);
  });
});

describe('an options delegate', () => {
  it('calling back with an error (any value): next(err) with it, as cors 2.8.6', async () => {
    assert.deepEqual(
      (
        await run(
          mw((_req, cb) => cb('some error' as never)),
          'GET',
          FROM,
        )
      ).next,
      ['some error'],
    );
  });

  it('that throws, or throws undefined: next(err) with an Error', async () => {
    const error = new Error('delegate');
    assert.deepEqual(
      (
        await run(
          mw(() => {
            throw error;
          }),
          'GET',
          FROM,
        )
      ).next,
      [error],
    );
    const out = await run(
      mw(() => {
        throw undefined;
      }),
      'GET',
      FROM,
    );
    assert.match(errorOf(out).message, /^@brisk\/cors: the options delegate failed with undefined$/);
  });

  it('async: its promise of options, or of nothing (the defaults)', async () => {
    const fixed = await run(
      mw(async () => ({ origin: 'https://x.example' })),
      'GET',
      FROM,
    );
    assert.deepEqual(fixed.calls[0], ['Access-Control-Allow-Origin', 'https://x.example']);
    const defaults = await run(
      mw(async () => undefined),
      'GET',
      FROM,
    );
    assert.deepEqual(defaults.calls, [['Access-Control-Allow-Origin', '*']]);
    const rejected = await run(
      mw(async () => Promise.reject(new Error('no'))),
      'GET',
      FROM,
    );
    assert.equal(errorOf(rejected).message, 'no');
  });

  it('answering bad options: next(TypeError) naming the option, no header', async () => {
    const out = await run(
      mw((_req, cb) => cb(null, { origin: 42 } as never)),
      'OPTIONS',
      FROM,
    );
    assert.ok(out.next?.[0] instanceof TypeError);
    assert.match(errorOf(out).message, /^option origin "42" is invalid/);
    assert.deepEqual(out.calls, []);
    assert.equal(out.ended, false);
    const text = await run(
      mw((_req, cb) => cb(null, 'https://a.example' as never)),
      'GET',
      FROM,
    );
    assert.match(errorOf(text).message, /^argument options/);
  });

  it('gets the request, for per-request options', async () => {
    const middleware = mw((req: CorsRequest, cb) =>
      cb(null, req.headers['x-public'] ? { origin: '*' } : { origin: 'https://app.example', credentials: true }),
    );
    assert.deepEqual((await run(middleware, 'GET', { ...FROM, 'x-public': '1' })).calls, [
      ['Access-Control-Allow-Origin', '*'],
    ]);
    assert.deepEqual((await run(middleware, 'GET', FROM)).calls, [
      ['Access-Control-Allow-Origin', 'https://app.example'],
      ['Vary', 'Origin'],
      ['Access-Control-Allow-Credentials', 'true'],
    ]);
  });
});

describe('request headers that never reach a response header', () => {
  it('an Origin with CR/LF is not reflected (origin true, or a RegExp it matches)', async () => {
    const evil = 'http://example.com\r\nSet-Cookie: session=stolen';
    for (const origin of [true, /example\.com/, [/example\.com/]] as const) {
      const out = await run(mw({ origin }), 'GET', { origin: evil });
      assert.deepEqual(out.calls, [['Vary', 'Origin']], String(origin));
      assert.deepEqual(out.next, []);
    }
  });

  it('an Origin with NUL or a code point above U+00FF is not reflected', async () => {
    for (const origin of ['http://a\0.example', 'http://ā.example']) {
      assert.deepEqual((await run(mw({ origin: true }), 'GET', { origin })).calls, [['Vary', 'Origin']]);
    }
  });

  it('Access-Control-Request-Headers with CR/LF is not reflected (Vary still says it varies)', async () => {
    const out = await run(mw(), 'OPTIONS', {
      origin: 'http://a.example',
      'access-control-request-headers': 'x-a\r\nSet-Cookie: y',
    });
    assert.deepEqual(
      out.calls.map(([n]) => n),
      ['Access-Control-Allow-Origin', 'Access-Control-Allow-Methods', 'Vary', 'Content-Length'],
    );
    assert.equal(out.statusCode, 204);
  });

  it('a missing Origin is never reflected; origin true reflects "null" (list origins to avoid it)', async () => {
    assert.deepEqual((await run(mw({ origin: true }), 'GET', {})).calls, [['Vary', 'Origin']]);
    assert.deepEqual((await run(mw({ origin: true }), 'GET', { origin: 'null' })).calls[0], [
      'Access-Control-Allow-Origin',
      'null',
    ]);
    assert.deepEqual((await run(mw({ origin: ['https://a.example'] }), 'GET', { origin: 'null' })).calls, [
      ['Vary', 'Origin'],
    ]);
  });
});

describe('RegExp origins', () => {
  it('are tested with regexp.test(origin): an unanchored one matches part of the Origin, as in cors 2.8.6', async () => {
    const loose = mw({ origin: /example\.com/ });
    const out = await run(loose, 'GET', { origin: 'https://example.com.attacker.example' });
    assert.deepEqual(out.calls[0], ['Access-Control-Allow-Origin', 'https://example.com.attacker.example']);
    const theirs = await run(upstream({ origin: /example\.com/ }) as AnyMiddleware, 'GET', {
      origin: 'https://example.com.attacker.example',
    });
    assert.deepEqual(out, theirs);
    // anchored at both ends, only the origins meant
    const anchored = mw({ origin: /^https:\/\/([a-z0-9-]+\.)*example\.com$/ });
    assert.deepEqual((await run(anchored, 'GET', { origin: 'https://example.com.attacker.example' })).calls, [
      ['Vary', 'Origin'],
    ]);
    assert.deepEqual((await run(anchored, 'GET', { origin: 'https://api.example.com' })).calls[0], [
      'Access-Control-Allow-Origin',
      'https://api.example.com',
    ]);
  });

  it('a global or sticky RegExp gives the same answer every time (cors 2.8.6 alternates)', async () => {
    for (const re of [/example\.com$/g, /http:\/\/example\.com/y]) {
      const ours = mw({ origin: re });
      for (let i = 0; i < 4; i++) assert.equal((await run(ours, 'GET', FROM)).calls.length, 2, `${re} request ${i}`);
    }
    const theirs = upstream({ origin: /example\.com$/g }) as AnyMiddleware;
    const counts = [];
    for (let i = 0; i < 4; i++) counts.push((await run(theirs, 'GET', FROM)).calls.length);
    assert.deepEqual(counts, [2, 1, 2, 1]);
  });

  it('is linear in the Origin: the matcher adds nothing to what the user pattern costs', async () => {
    // brisk builds no pattern of its own; a long Origin through a list of strings is a scan
    const long = 'https://' + 'a'.repeat(200_000) + '.example';
    const out = await run(mw({ origin: ['https://a.example', 'https://b.example'] }), 'GET', { origin: long });
    assert.deepEqual(out.calls, [['Vary', 'Origin']]);
  });
});

describe('preflight', () => {
  it('preflightContinue hands on after the headers, never ends', async () => {
    const out = await run(mw({ preflightContinue: true }), 'OPTIONS', FROM);
    assert.equal(out.ended, false);
    assert.deepEqual(out.next, []);
    assert.ok(out.calls.length > 0);
  });

  it('a method that is not a string is not a preflight', async () => {
    const res = new RecordingResponse();
    let called = 0;
    cors()({ method: undefined, headers: FROM }, res, () => called++);
    cors()({ headers: FROM }, res, () => called++);
    assert.equal(called, 2);
    assert.equal(res.ended, false);
  });
});
