import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { types } from 'node:util';
import { createError, HttpError, isHttpError } from '../src/index.js';

type Ctor = (typeof createError)[404];
const byKey = createError as unknown as { [key: string]: Ctor | undefined };

// Every 4xx/5xx code: identifier (toidentifier of the status message), error name, message.
const CONSTRUCTORS: Array<[number, string, string, string]> = [
  [400, 'BadRequest', 'BadRequestError', 'Bad Request'],
  [401, 'Unauthorized', 'UnauthorizedError', 'Unauthorized'],
  [402, 'PaymentRequired', 'PaymentRequiredError', 'Payment Required'],
  [403, 'Forbidden', 'ForbiddenError', 'Forbidden'],
  [404, 'NotFound', 'NotFoundError', 'Not Found'],
  [405, 'MethodNotAllowed', 'MethodNotAllowedError', 'Method Not Allowed'],
  [406, 'NotAcceptable', 'NotAcceptableError', 'Not Acceptable'],
  [407, 'ProxyAuthenticationRequired', 'ProxyAuthenticationRequiredError', 'Proxy Authentication Required'],
  [408, 'RequestTimeout', 'RequestTimeoutError', 'Request Timeout'],
  [409, 'Conflict', 'ConflictError', 'Conflict'],
  [410, 'Gone', 'GoneError', 'Gone'],
  [411, 'LengthRequired', 'LengthRequiredError', 'Length Required'],
  [412, 'PreconditionFailed', 'PreconditionFailedError', 'Precondition Failed'],
  [413, 'PayloadTooLarge', 'PayloadTooLargeError', 'Payload Too Large'],
  [414, 'URITooLong', 'URITooLongError', 'URI Too Long'],
  [415, 'UnsupportedMediaType', 'UnsupportedMediaTypeError', 'Unsupported Media Type'],
  [416, 'RangeNotSatisfiable', 'RangeNotSatisfiableError', 'Range Not Satisfiable'],
  [417, 'ExpectationFailed', 'ExpectationFailedError', 'Expectation Failed'],
  [418, 'ImATeapot', 'ImATeapotError', "I'm a Teapot"],
  [421, 'MisdirectedRequest', 'MisdirectedRequestError', 'Misdirected Request'],
  [422, 'UnprocessableEntity', 'UnprocessableEntityError', 'Unprocessable Entity'],
  [423, 'Locked', 'LockedError', 'Locked'],
  [424, 'FailedDependency', 'FailedDependencyError', 'Failed Dependency'],
  [425, 'TooEarly', 'TooEarlyError', 'Too Early'],
  [426, 'UpgradeRequired', 'UpgradeRequiredError', 'Upgrade Required'],
  [428, 'PreconditionRequired', 'PreconditionRequiredError', 'Precondition Required'],
  [429, 'TooManyRequests', 'TooManyRequestsError', 'Too Many Requests'],
  [431, 'RequestHeaderFieldsTooLarge', 'RequestHeaderFieldsTooLargeError', 'Request Header Fields Too Large'],
  [451, 'UnavailableForLegalReasons', 'UnavailableForLegalReasonsError', 'Unavailable For Legal Reasons'],
  [500, 'InternalServerError', 'InternalServerError', 'Internal Server Error'],
  [501, 'NotImplemented', 'NotImplementedError', 'Not Implemented'],
  [502, 'BadGateway', 'BadGatewayError', 'Bad Gateway'],
  [503, 'ServiceUnavailable', 'ServiceUnavailableError', 'Service Unavailable'],
  [504, 'GatewayTimeout', 'GatewayTimeoutError', 'Gateway Timeout'],
  [505, 'HTTPVersionNotSupported', 'HTTPVersionNotSupportedError', 'HTTP Version Not Supported'],
  [506, 'VariantAlsoNegotiates', 'VariantAlsoNegotiatesError', 'Variant Also Negotiates'],
  [507, 'InsufficientStorage', 'InsufficientStorageError', 'Insufficient Storage'],
  [508, 'LoopDetected', 'LoopDetectedError', 'Loop Detected'],
  [509, 'BandwidthLimitExceeded', 'BandwidthLimitExceededError', 'Bandwidth Limit Exceeded'],
  [510, 'NotExtended', 'NotExtendedError', 'Not Extended'],
  [511, 'NetworkAuthenticationRequired', 'NetworkAuthenticationRequiredError', 'Network Authentication Required'],
];

describe('createError properties', () => {
  test('exactly HttpError, isHttpError and one constructor per code, by code and by name', () => {
    const expected = ['HttpError', 'isHttpError', ...CONSTRUCTORS.flatMap(([c, id]) => [String(c), id])];
    assert.deepEqual(Object.keys(createError).sort(), expected.sort());
    assert.equal(createError.HttpError, HttpError);
    assert.equal(createError.isHttpError, isHttpError);
  });

  for (const [code, id, name, message] of CONSTRUCTORS) {
    test(`${code} ${id}`, () => {
      const C = byKey[id] as Ctor;
      assert.equal(byKey[code], C);
      assert.equal(C.name, name);
      assert.equal(C.length, 1);
      for (const err of [new C(), C()]) {
        assert.ok(err instanceof C);
        assert.ok(err instanceof HttpError);
        assert.ok(err instanceof Error);
        assert.ok(types.isNativeError(err));
        assert.equal(err.status, code);
        assert.equal(err.statusCode, code);
        assert.equal(err.expose, code < 500);
        assert.equal(err.message, message);
        assert.equal(err.name, name);
        assert.equal(err.headers, undefined);
        assert.equal(String(err), `${name}: ${message}`);
        assert.equal(isHttpError(err), true);
      }
      assert.equal(new C('custom').message, 'custom');
      assert.equal(createError(code).constructor, C);
    });
  }
});

describe('HTTP error instances', () => {
  test('own properties: message enumerable, name not; status/statusCode/expose on the prototype', () => {
    const err = new createError.NotFound();
    assert.deepEqual(Object.keys(err), ['message']);
    assert.deepEqual(Object.getOwnPropertyNames(err).sort(), ['message', 'name', 'stack']);
    assert.equal(JSON.stringify(err), '{"message":"Not Found"}');
    assert.deepEqual(Object.getOwnPropertyNames(createError.NotFound.prototype), [
      'constructor',
      'status',
      'statusCode',
      'expose',
    ]);
    assert.deepEqual(Object.getOwnPropertyDescriptor(err, 'name'), {
      value: 'NotFoundError',
      writable: true,
      enumerable: false,
      configurable: true,
    });
  });

  test('message: null and undefined give the status message, anything else is kept', () => {
    assert.equal(new createError.NotFound(null as unknown as string).message, 'Not Found');
    assert.equal(new createError.NotFound(undefined).message, 'Not Found');
    assert.equal(new createError.NotFound('').message, '');
    assert.equal(new createError.NotFound(5 as unknown as string).message, 5);
  });

  test('stack starts with the name and message, at the caller', () => {
    function here() {
      return [new createError.NotFound('gone'), createError.NotFound('gone'), createError(404, 'gone')];
    }
    for (const err of here()) {
      const lines = (err.stack as string).split('\n');
      assert.equal(lines[0], 'NotFoundError: gone');
      assert.match(lines[1], /at here /);
    }
    const lines = (createError(302).stack as string).split('\n');
    assert.equal(lines[0], 'Error: Found');
    assert.match(lines[1], /errors\.test\.ts/);
  });

  test('prototype chain: Constructor → HttpError → Error', () => {
    assert.equal(Object.getPrototypeOf(createError.NotFound.prototype), HttpError.prototype);
    assert.equal(Object.getPrototypeOf(HttpError.prototype), Error.prototype);
    assert.equal(HttpError.prototype.constructor, HttpError);
    assert.equal((createError.NotFound as unknown as { super_: unknown }).super_, HttpError);
    assert.equal((HttpError as unknown as { super_: unknown }).super_, Error);
  });

  test('HttpError is abstract', () => {
    assert.throws(() => new HttpError(), { name: 'TypeError', message: 'cannot construct abstract class' });
    assert.throws(() => HttpError(), { name: 'TypeError', message: 'cannot construct abstract class' });
    assert.equal(HttpError.name, 'HttpError');
  });

  test('a subclass of a constructor makes instances of the subclass', () => {
    class Gone extends createError.NotFound {
      constructor() {
        super('gone for good');
      }
    }
    const err = new Gone();
    assert.ok(err instanceof Gone);
    assert.ok(err instanceof createError.NotFound);
    assert.equal(err.status, 404);
    assert.equal(err.message, 'gone for good');
  });
});

describe('createError(...)', () => {
  const cases: Array<
    [string, unknown[], { ctor?: string; status: unknown; expose: boolean; message: string; name: string }]
  > = [
    [
      'no argument: 500',
      [],
      {
        ctor: 'InternalServerError',
        status: 500,
        expose: false,
        message: 'Internal Server Error',
        name: 'InternalServerError',
      },
    ],
    ['status', [404], { ctor: 'NotFound', status: 404, expose: true, message: 'Not Found', name: 'NotFoundError' }],
    [
      'status + message',
      [400, 'bad id'],
      { ctor: 'BadRequest', status: 400, expose: true, message: 'bad id', name: 'BadRequestError' },
    ],
    [
      'message only',
      ['oops'],
      { ctor: 'InternalServerError', status: 500, expose: false, message: 'oops', name: 'InternalServerError' },
    ],
    [
      'message then status is invalid: number must come first',
      ['x', {}],
      { ctor: 'InternalServerError', status: 500, expose: false, message: 'x', name: 'InternalServerError' },
    ],
    [
      'last message wins',
      [404, 'a', 'b'],
      { ctor: 'NotFound', status: 404, expose: true, message: 'b', name: 'NotFoundError' },
    ],
    [
      'unknown 4xx: the class constructor, own status',
      [499],
      { ctor: 'BadRequest', status: 499, expose: true, message: 'Bad Request', name: 'BadRequestError' },
    ],
    [
      'unknown 5xx',
      [599, 'm'],
      { ctor: 'InternalServerError', status: 599, expose: false, message: 'm', name: 'InternalServerError' },
    ],
    [
      'fraction in range',
      [404.5],
      { ctor: 'BadRequest', status: 404.5, expose: true, message: 'Bad Request', name: 'BadRequestError' },
    ],
    ['known code below 400: plain Error', [302], { status: 302, expose: true, message: 'Found', name: 'Error' }],
    ['known 1xx: plain Error', [100, 'cont'], { status: 100, expose: true, message: 'cont', name: 'Error' }],
    [
      'unknown code below 400 → 500',
      [399],
      {
        ctor: 'InternalServerError',
        status: 500,
        expose: false,
        message: 'Internal Server Error',
        name: 'InternalServerError',
      },
    ],
    [
      '600 → 500',
      [600],
      {
        ctor: 'InternalServerError',
        status: 500,
        expose: false,
        message: 'Internal Server Error',
        name: 'InternalServerError',
      },
    ],
    [
      '0 → 500',
      [0],
      {
        ctor: 'InternalServerError',
        status: 500,
        expose: false,
        message: 'Internal Server Error',
        name: 'InternalServerError',
      },
    ],
    [
      'negative → 500',
      [-404],
      {
        ctor: 'InternalServerError',
        status: 500,
        expose: false,
        message: 'Internal Server Error',
        name: 'InternalServerError',
      },
    ],
    [
      'Infinity → 500',
      [Infinity],
      {
        ctor: 'InternalServerError',
        status: 500,
        expose: false,
        message: 'Internal Server Error',
        name: 'InternalServerError',
      },
    ],
    ['NaN stays NaN, as upstream', [NaN], { status: NaN, expose: false, message: '', name: 'Error' }],
    [
      'null props ignored',
      [404, null],
      { ctor: 'NotFound', status: 404, expose: true, message: 'Not Found', name: 'NotFoundError' },
    ],
  ];
  for (const [title, args, want] of cases) {
    test(title, () => {
      const err = (createError as (...a: unknown[]) => ReturnType<typeof createError>)(...args);
      assert.ok(err instanceof Error);
      if (want.ctor) assert.ok(err instanceof (byKey[want.ctor] as Ctor), `instanceof ${want.ctor}`);
      else assert.equal(Object.getPrototypeOf(err), Error.prototype);
      assert.equal(err.status, want.status);
      assert.equal(err.statusCode, want.status);
      assert.equal(err.expose, want.expose);
      assert.equal(err.message, want.message);
      assert.equal(err.name, want.name);
    });
  }

  test('properties are copied, except status and statusCode', () => {
    const headers = { 'Retry-After': '120' };
    const err = createError(503, 'later', { headers, type: 'busy', status: 200, statusCode: 200, expose: true });
    assert.equal(err.status, 503);
    assert.equal(err.statusCode, 503);
    assert.equal(err.headers, headers);
    assert.equal(err.type, 'busy');
    assert.equal(err.expose, true); // expose may be overridden
    assert.deepEqual(Object.keys(err).sort(), ['expose', 'headers', 'message', 'type']);
  });

  test('inherited enumerable properties are copied too (for...in)', () => {
    const props = Object.create({ inherited: 1 }) as { own: number };
    props.own = 2;
    const err = createError(404, props);
    assert.equal(err.inherited, 1);
    assert.equal(err.own, 2);
  });

  test('a __proto__ property is never written onto the error', () => {
    const props = JSON.parse('{"__proto__": {"polluted": true}, "ok": 1}') as object;
    const err = createError(404, props);
    assert.ok(err instanceof createError.NotFound);
    assert.equal(err.polluted, undefined);
    assert.equal(err.ok, 1);
    assert.equal(({} as { polluted?: boolean }).polluted, undefined);
  });

  test('an array is an object of properties', () => {
    const err = createError(404, ['a']);
    assert.equal(err[0], 'a');
  });

  test('wraps an Error: status from err.status, then err.statusCode, else 500', () => {
    const plain = new Error('boom');
    const wrapped = createError(plain);
    assert.equal(wrapped, plain);
    assert.equal(wrapped.status, 500);
    assert.equal(wrapped.statusCode, 500);
    assert.equal(wrapped.expose, false);
    assert.equal(wrapped.message, 'boom');
    assert.deepEqual(Object.keys(wrapped), ['expose', 'statusCode', 'status']);

    assert.equal(createError(Object.assign(new Error('x'), { status: 404 })).expose, true);
    assert.equal(createError(Object.assign(new Error('x'), { statusCode: 418 })).status, 418);
    assert.equal(createError(Object.assign(new Error('x'), { status: 0, statusCode: 410 })).status, 410);
    assert.equal(createError(Object.assign(new Error('x'), { status: '404' })).status, 500);
    assert.equal(createError(Object.assign(new Error('x'), { status: 700 })).status, 500);
    assert.equal(createError(Object.assign(new Error('x'), { status: 200 })).status, 200);
  });

  test('wraps an Error with a status given first, a message and properties', () => {
    const err = createError(502, new Error('upstream'), 'ignored?', { code: 'ECONNRESET' });
    assert.equal(err.status, 502);
    assert.equal(err.expose, false);
    assert.equal(err.message, 'upstream'); // the wrapped error keeps its message
    assert.equal(err.code, 'ECONNRESET');
    assert.ok(!(err instanceof HttpError));
  });

  test('an HTTP error of the right status is returned as is', () => {
    const nf = new createError.NotFound();
    assert.equal(createError(nf), nf);
    assert.deepEqual(Object.keys(nf), ['message']);
    // a different status wins over the prototype's: own properties are set
    const custom = Object.assign(new createError.BadRequest(), { status: 422 });
    const wrapped = createError(custom);
    assert.equal(wrapped.status, 422);
    assert.equal(wrapped.statusCode, 422);
    assert.equal(wrapped.expose, true);
  });

  const typeErrors: Array<[unknown[], string]> = [
    [[404, 404], 'argument #2 unsupported type number'],
    [[true], 'argument #1 unsupported type boolean'],
    [[undefined], 'argument #1 unsupported type undefined'],
    [[404, undefined], 'argument #2 unsupported type undefined'],
    [[() => 1], 'argument #1 unsupported type function'],
    [[Symbol('s')], 'argument #1 unsupported type symbol'],
    [[1n], 'argument #1 unsupported type bigint'],
    [['m', new Error('e'), 5], 'argument #3 unsupported type number'],
  ];
  for (const [args, message] of typeErrors) {
    test(`TypeError: ${message}`, () => {
      assert.throws(() => (createError as (...a: unknown[]) => unknown)(...args), { name: 'TypeError', message });
    });
  }
});

describe('isHttpError', () => {
  class Fake extends Error {
    expose: unknown = true;
    status: unknown = 418;
    statusCode: unknown = 418;
  }
  const cases: Array<[string, unknown, boolean]> = [
    ['undefined', undefined, false],
    ['null', null, false],
    ['number', 404, false],
    ['string', 'Not Found', false],
    ['plain object shaped like one', { expose: true, status: 404, statusCode: 404 }, false],
    ['plain Error', new Error('x'), false],
    ['constructor instance', new createError.NotFound(), true],
    ['createError(500)', createError(500), true],
    ['wrapped Error', createError(new Error('x')), true],
    ['createError(302): plain Error with the fields', createError(302), true],
    ['foreign HTTP error (another copy)', new Fake(), true],
    ['expose not boolean', Object.assign(new Fake(), { expose: 'yes' }), false],
    ['statusCode not number', Object.assign(new Fake(), { statusCode: '418', status: '418' }), false],
    ['status !== statusCode', Object.assign(new Fake(), { status: 404 }), false],
  ];
  for (const [title, value, expected] of cases) {
    test(title, () => assert.equal(isHttpError(value), expected));
  }
});

describe('types', () => {
  test('constructors and createError are typed by status code', () => {
    const nf: HttpError<404> = new createError.NotFound();
    const byCode: HttpError<418> = createError[418]();
    const made: HttpError<503> = createError(503, 'later', { headers: { 'Retry-After': '1' } });
    const any: HttpError = createError('message only');
    // @ts-expect-error: no such constructor
    assert.equal(createError.NotAThing, undefined);
    // @ts-expect-error: 404 is not 500
    const wrong: HttpError<500> = new createError.NotFound();
    assert.deepEqual([nf.status, byCode.status, made.status, any.status, wrong.status], [404, 418, 503, 500, 404]);
    if (isHttpError(any as unknown)) assert.equal(typeof any.expose, 'boolean');
  });
});
