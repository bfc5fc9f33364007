/**
 * HTTP status codes and messages: a drop-in for `statuses` 2.0.2.
 *
 * The table is the IANA HTTP Status Code Registry merged with the codes node's
 * `http.STATUS_CODES` knows, with the same messages statuses 2.0.2 ships.
 */

/** A status code → message table (`statuses.message`). */
export type StatusMessages = { [code: number]: string | undefined };

/** A lower-cased message → status code table (`statuses.code`). */
export type StatusCodes = { [message: string]: number | undefined };

/** A set of status codes as an object of `{ [code]: true }` (`statuses.redirect`, ...). */
export type StatusSet = { [code: number]: boolean | undefined };

/** Every status code with its message, in ascending order. */
const message: StatusMessages = {
  100: 'Continue',
  101: 'Switching Protocols',
  102: 'Processing',
  103: 'Early Hints',
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  203: 'Non-Authoritative Information',
  204: 'No Content',
  205: 'Reset Content',
  206: 'Partial Content',
  207: 'Multi-Status',
  208: 'Already Reported',
  226: 'IM Used',
  300: 'Multiple Choices',
  301: 'Moved Permanently',
  302: 'Found',
  303: 'See Other',
  304: 'Not Modified',
  305: 'Use Proxy',
  307: 'Temporary Redirect',
  308: 'Permanent Redirect',
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  407: 'Proxy Authentication Required',
  408: 'Request Timeout',
  409: 'Conflict',
  410: 'Gone',
  411: 'Length Required',
  412: 'Precondition Failed',
  413: 'Payload Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  416: 'Range Not Satisfiable',
  417: 'Expectation Failed',
  418: "I'm a Teapot",
  421: 'Misdirected Request',
  422: 'Unprocessable Entity',
  423: 'Locked',
  424: 'Failed Dependency',
  425: 'Too Early',
  426: 'Upgrade Required',
  428: 'Precondition Required',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  451: 'Unavailable For Legal Reasons',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
  505: 'HTTP Version Not Supported',
  506: 'Variant Also Negotiates',
  507: 'Insufficient Storage',
  508: 'Loop Detected',
  509: 'Bandwidth Limit Exceeded',
  510: 'Not Extended',
  511: 'Network Authentication Required',
};

const codes: number[] = [];
const code: StatusCodes = {};
for (const key of Object.keys(message)) {
  const n = Number(key);
  codes.push(n);
  code[(message[n] as string).toLowerCase()] = n;
}

const hasOwn = Object.prototype.hasOwnProperty;

/** Message for a numeric code, from the live `statuses.message` table. */
function messageOf(n: number): string {
  const table = statuses.message;
  if (!hasOwn.call(table, n)) throw new Error('invalid status code: ' + n);
  return table[n] as string;
}

/** The callable `statuses` with its tables. */
export interface Statuses {
  /**
   * Given a number or a numeric string, returns that status code's message; given any other
   * string, returns the code whose message it is (case-insensitive).
   *
   * @throws Error `invalid status code: <n>` for an unknown code,
   *   Error `invalid status message: "<msg>"` for an unknown message,
   *   TypeError `code must be a number or string` for any other argument.
   * @example
   * statuses(404); // 'Not Found'
   * statuses('404'); // 'Not Found'
   * statuses('not found'); // 404
   */
  (code: number): string;
  (code: string): number | string;
  /** Status code → message, e.g. `statuses.message[404] === 'Not Found'`. */
  message: StatusMessages;
  /** Lower-cased message → status code, e.g. `statuses.code['not found'] === 404`. */
  code: StatusCodes;
  /** Every known status code, ascending. */
  codes: number[];
  /** Redirect status codes: `{ 300, 301, 302, 303, 305, 307, 308: true }`. */
  redirect: StatusSet;
  /** Status codes whose responses have no body: `{ 204, 205, 304: true }`. */
  empty: StatusSet;
  /** Status codes after which a request may be retried: `{ 502, 503, 504: true }`. */
  retry: StatusSet;
}

/**
 * Status code utility, a drop-in for `statuses` 2.0.2 (`module.exports = status`).
 *
 * @example
 * statuses(404); // 'Not Found'
 * statuses('Not Found'); // 404
 * statuses.message[404]; // 'Not Found'
 * statuses.code['not found']; // 404
 * statuses.redirect[302]; // true
 */
export const statuses = Object.assign(
  function status(value: number | string): number | string {
    if (typeof value === 'number') return messageOf(value);
    if (typeof value !== 'string') throw new TypeError('code must be a number or string');
    const n = parseInt(value, 10);
    if (!Number.isNaN(n)) return messageOf(n); // not NaN: '403', '403 Forbidden'
    const table = statuses.code;
    const lower = value.toLowerCase();
    if (!hasOwn.call(table, lower)) throw new Error('invalid status message: "' + value + '"');
    return table[lower] as number;
  },
  {
    message,
    code,
    codes,
    redirect: { 300: true, 301: true, 302: true, 303: true, 305: true, 307: true, 308: true } as StatusSet,
    empty: { 204: true, 205: true, 304: true } as StatusSet,
    retry: { 502: true, 503: true, 504: true } as StatusSet,
  },
) as Statuses;

/** Alias of {@link statuses}. */
export const status: Statuses = statuses;
