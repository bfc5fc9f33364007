/**
 * HTTP errors: a drop-in for `http-errors` 2.0.1 (`createError`, `HttpError`, one constructor per
 * 4xx/5xx status code, `isHttpError`).
 */
import { statuses } from './statuses.js';

/**
 * An HTTP error: an `Error` with the status it stands for. Created by {@link createError} or
 * `new createError.NotFound()` and friends; any extra properties passed to `createError` are
 * copied onto it (hence the index signature).
 */
export interface HttpError<S extends number = number> extends Error {
  /** The HTTP status code. */
  status: S;
  /** The HTTP status code (same as `status`). */
  statusCode: S;
  /** Whether the message may be shown to the client: `true` below 500. */
  expose: boolean;
  /** Response headers to send with the error, when given in the properties. */
  headers?: { [name: string]: string } | undefined;
  /** Any other property given to `createError`. */
  [key: string]: unknown;
}

/**
 * A constructor of one status code's errors; callable with or without `new`.
 *
 * @example
 * throw new createError.NotFound('no such user'); // status 404, name 'NotFoundError'
 */
export interface HttpErrorConstructor<S extends number = number> {
  /** @param message defaults to the status message (`'Not Found'`). */
  new (message?: string): HttpError<S>;
  /** @param message defaults to the status message (`'Not Found'`). */
  (message?: string): HttpError<S>;
  readonly prototype: HttpError<S>;
}

/** The identifier each 4xx/5xx status code's constructor is exported under. */
export interface HttpErrorNames {
  400: 'BadRequest';
  401: 'Unauthorized';
  402: 'PaymentRequired';
  403: 'Forbidden';
  404: 'NotFound';
  405: 'MethodNotAllowed';
  406: 'NotAcceptable';
  407: 'ProxyAuthenticationRequired';
  408: 'RequestTimeout';
  409: 'Conflict';
  410: 'Gone';
  411: 'LengthRequired';
  412: 'PreconditionFailed';
  413: 'PayloadTooLarge';
  414: 'URITooLong';
  415: 'UnsupportedMediaType';
  416: 'RangeNotSatisfiable';
  417: 'ExpectationFailed';
  418: 'ImATeapot';
  421: 'MisdirectedRequest';
  422: 'UnprocessableEntity';
  423: 'Locked';
  424: 'FailedDependency';
  425: 'TooEarly';
  426: 'UpgradeRequired';
  428: 'PreconditionRequired';
  429: 'TooManyRequests';
  431: 'RequestHeaderFieldsTooLarge';
  451: 'UnavailableForLegalReasons';
  500: 'InternalServerError';
  501: 'NotImplemented';
  502: 'BadGateway';
  503: 'ServiceUnavailable';
  504: 'GatewayTimeout';
  505: 'HTTPVersionNotSupported';
  506: 'VariantAlsoNegotiates';
  507: 'InsufficientStorage';
  508: 'LoopDetected';
  509: 'BandwidthLimitExceeded';
  510: 'NotExtended';
  511: 'NetworkAuthenticationRequired';
}

/** The constructors, by status code (`createError[404]`) and by name (`createError.NotFound`). */
export type HttpErrorConstructors = {
  [C in keyof HttpErrorNames as HttpErrorNames[C]]: HttpErrorConstructor<C>;
} & { [C in keyof HttpErrorNames]: HttpErrorConstructor<C> };

/**
 * One argument of {@link createError}: an `Error` to wrap, a status code (first argument only),
 * a message, or an object of properties to copy onto the error.
 */
export type CreateErrorArg = Error | number | string | object | null;

/** The callable `createError` with its constructors. */
export interface CreateError extends HttpErrorConstructors {
  /**
   * Creates an HTTP error. Arguments come in any order: an `Error` to wrap, a number status code
   * (first argument only; default 500), a string message (default: the status message), an object
   * of properties to copy (except `status`/`statusCode`).
   *
   * @throws TypeError `argument #<n> unsupported type <type>` for any other argument.
   * @example
   * createError(404); // NotFoundError: Not Found
   * createError(400, 'bad id', { type: 'id.invalid' });
   * createError(err, 502); // wraps err: err.status === 502, err.expose === false
   */
  <S extends number>(status: S, ...rest: CreateErrorArg[]): HttpError<S>;
  (...args: CreateErrorArg[]): HttpError;
  /**
   * The abstract base class of every HTTP error constructor: use it with `instanceof`;
   * `new HttpError()` throws TypeError `cannot construct abstract class`.
   */
  HttpError: HttpErrorConstructor;
  /** Whether a value is an HTTP error (see {@link isHttpError}). */
  isHttpError: typeof isHttpError;
}

/**
 * The abstract base class of every HTTP error constructor; `instanceof HttpError` is true for
 * every error those constructors make. Constructing it directly throws.
 *
 * @throws TypeError `cannot construct abstract class`
 */
export const HttpError = function HttpError(): HttpError {
  throw new TypeError('cannot construct abstract class');
} as HttpErrorConstructor; // narrowed: a function is a constructor too, which its type cannot say
Object.setPrototypeOf(HttpError.prototype, Error.prototype);
Object.defineProperty(HttpError, 'super_', { value: Error, writable: true, configurable: true });

/**
 * Whether `value` is an HTTP error: an instance of {@link HttpError}, or any `Error` with a
 * boolean `expose` and a numeric `statusCode` equal to its `status` (from another copy of
 * http-errors, say).
 *
 * @example
 * if (isHttpError(err) && err.expose) res.end(err.message);
 */
export function isHttpError(value: unknown): value is HttpError {
  if (!value || typeof value !== 'object') return false;
  if (value instanceof HttpError) return true;
  if (!(value instanceof Error)) return false;
  const v = value as Partial<HttpError>;
  return typeof v.expose === 'boolean' && typeof v.statusCode === 'number' && v.status === v.statusCode;
}

/**
 * `toidentifier` 1.0: capitalise each space-separated word, join, drop every character other than
 * letters, digits and `_` ("I'm a Teapot" → "ImATeapot").
 */
function toIdentifier(text: string): string {
  let out = '';
  let upper = true;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === ' ') {
      upper = true;
      continue;
    }
    if (upper) {
      upper = false;
      const u = ch.toUpperCase();
      for (let j = 0; j < u.length; j++) if (isIdentChar(u.charCodeAt(j))) out += u[j];
    } else if (isIdentChar(ch.charCodeAt(0))) out += ch;
  }
  return out;
}

function isIdentChar(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
}

/** False while createError constructs an error: it captures the stack itself, once. */
let captureInConstructor = true;

/** Makes the constructor of one 4xx/5xx status code's errors. */
function createErrorConstructor(code: number, className: string): HttpErrorConstructor {
  const nameDescriptor: PropertyDescriptor = { value: className, writable: true, configurable: true };
  const Ctor = function (this: unknown, message?: string): HttpError {
    // Reflect.construct makes a real Error (stack, [[ErrorData]]) with the right prototype at
    // once, also for subclasses (new.target), and also when called without `new`.
    const err = Reflect.construct(Error, [], new.target || Ctor) as HttpError;
    if (captureInConstructor) Error.captureStackTrace(err, Ctor);
    err.message = (message != null ? message : statuses.message[code]) as string; // enumerable, as upstream
    Object.defineProperty(err, 'name', nameDescriptor);
    return err;
  } as HttpErrorConstructor; // narrowed: it works with `new` too, which a function's type cannot say
  Object.defineProperty(Ctor, 'name', { value: className, configurable: true });
  Object.defineProperty(Ctor, 'super_', { value: HttpError, writable: true, configurable: true });
  Object.setPrototypeOf(Ctor.prototype, HttpError.prototype);
  const proto = Ctor.prototype as { status: number; statusCode: number; expose: boolean };
  proto.status = code;
  proto.statusCode = code;
  proto.expose = code < 500;
  return Ctor;
}

/** Constructors by status code and by identifier (the properties of `createError`). */
const constructors = {} as HttpErrorConstructors & { [key: string]: HttpErrorConstructor | undefined };
for (const code of statuses.codes) {
  if (code < 400 || code >= 600) continue;
  const name = toIdentifier(statuses.message[code] as string);
  constructors[code] = constructors[name] = createErrorConstructor(
    code,
    name.slice(-5) === 'Error' ? name : name + 'Error',
  );
}

/** {@link CreateError}'s call signatures, without its properties. */
interface CreateErrorCall {
  <S extends number>(status: S, ...rest: CreateErrorArg[]): HttpError<S>;
  (...args: CreateErrorArg[]): HttpError;
}

/** `createError` as built: the function, with the constructors by code and by name. */
const table = Object.assign(
  function createError(...args: CreateErrorArg[]): HttpError {
    let err: Error | undefined;
    let msg: string | undefined;
    let status: unknown = 500;
    let props: object | null = null;
    for (let i = 0; i < args.length; i++) {
      const arg = args[i];
      const type = typeof arg;
      if (type === 'object' && arg instanceof Error) {
        err = arg;
        const e = arg as Partial<HttpError>;
        status = e.status || e.statusCode || status;
      } else if (type === 'number' && i === 0) {
        status = arg;
      } else if (type === 'string') {
        msg = arg as string;
      } else if (type === 'object') {
        props = arg as object | null;
      } else {
        throw new TypeError('argument #' + (i + 1) + ' unsupported type ' + type);
      }
    }

    let code: number;
    if (typeof status !== 'number' || (!statuses.message[status] && (status < 400 || status >= 600))) {
      code = 500;
    } else {
      code = status;
    }

    // read off createError (not `constructors`): a constructor replaced on it is the one used, as upstream
    const Ctor: HttpErrorConstructor | undefined = table[code] || table[Math.floor(code / 100) * 100];

    if (!err) {
      if (Ctor) {
        captureInConstructor = false;
        try {
          err = new Ctor(msg);
        } finally {
          captureInConstructor = true;
        }
      } else {
        err = new Error(msg || statuses.message[code]);
      }
      Error.captureStackTrace(err, createError);
    }

    const out = err as HttpError;
    if (!Ctor || !(err instanceof Ctor) || out.status !== code) {
      out.expose = code < 500;
      out.status = out.statusCode = code;
    }

    if (props) {
      const source = props as { [key: string]: unknown };
      for (const key in source) {
        // `__proto__` would replace the error's prototype: skipped (a deliberate difference).
        if (key !== 'status' && key !== 'statusCode' && key !== '__proto__') out[key] = source[key];
      }
    }

    return out;
  } as CreateErrorCall, // the status type a caller gives is the error's: a promise TypeScript cannot check
  { HttpError, isHttpError },
  constructors,
);

/**
 * Creates an HTTP error, a drop-in for `http-errors` 2.0.1 (`module.exports = createError`).
 * Arguments come in any order: an `Error` to wrap, a number status code (first argument only;
 * default 500), a string message, an object of properties to copy onto the error (except
 * `status`/`statusCode`). A status that is not a known code nor in 400–599 becomes 500; a
 * known code below 400 (`createError(302)`) gives a plain `Error` with `status`/`expose`.
 * `createError.NotFound`, `createError[404]`, ... are the constructors of each 4xx/5xx code.
 *
 * @throws TypeError `argument #<n> unsupported type <type>` for any other argument.
 * @example
 * throw createError(404, 'no such user');
 * throw createError(400, 'bad id', { expose: true, headers: { 'x-reason': 'id' } });
 * throw new createError.Forbidden();
 * next(createError(err, 502)); // err.status === 502
 */
export const createError: CreateError = table;
