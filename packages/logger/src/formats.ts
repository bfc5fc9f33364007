/**
 * The predefined formats: combined, common, default (morgan's deprecated one), short, tiny, dev.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { compile } from './compile.js';
import { headersSent, type LoggedResponse } from './tokens.js';
import type { FormatFn } from './types.js';

/** Apache combined log format. */
export const combined =
  ':remote-addr - :remote-user [:date[clf]] ":method :url HTTP/:http-version" :status :res[content-length] ":referrer" ":user-agent"';

/** Apache common log format. */
export const common =
  ':remote-addr - :remote-user [:date[clf]] ":method :url HTTP/:http-version" :status :res[content-length]';

/** morgan's deprecated `default` format: `combined` with the `web` date (`logger()` without a format). */
export const defaultFormat =
  ':remote-addr - :remote-user [:date] ":method :url HTTP/:http-version" :status :res[content-length] ":referrer" ":user-agent"';

/** Shorter than combined, with the response time. */
export const short =
  ':remote-addr :remote-user :method :url HTTP/:http-version :status :res[content-length] - :response-time ms';

/** The minimal output. */
export const tiny = ':method :url :status :res[content-length] - :response-time ms';

/**
 * `dev` without colours, used instead of the function below when `NO_COLOR` is set to a
 * non-empty value (https://no-color.org), as morgan 1.12 does.
 */
export const devNoColor = ':method :url :status :response-time ms - :res[content-length]';

/** The dev format's SGR colour for a status: red 5xx+, yellow 4xx, cyan 3xx, green 2xx, none otherwise. */
function statusColor(status: number | undefined): number {
  if (status === undefined) return 0;
  return status >= 500 ? 31 : status >= 400 ? 33 : status >= 300 ? 36 : status >= 200 ? 32 : 0;
}

/** The compiled dev format per colour (0, 31, 32, 33, 36), compiled on first use. */
const devFormats: Array<FormatFn<IncomingMessage, ServerResponse> | undefined> = [];

/**
 * `dev`: `:method :url :status :response-time ms - :res[content-length]`, the status coloured by
 * its class (green success, cyan redirection, yellow client error, red server error, uncoloured
 * informational or none), as ANSI escape codes.
 */
export function dev(
  tokens: Parameters<FormatFn<IncomingMessage, ServerResponse>>[0],
  req: IncomingMessage,
  res: ServerResponse,
): string | null | undefined {
  const color = statusColor(headersSent(res as LoggedResponse) ? res.statusCode : undefined);
  let fn = devFormats[color];
  if (fn === undefined) {
    fn = devFormats[color] = compile(
      '\x1b[0m:method :url \x1b[' + color + 'm:status\x1b[0m :response-time ms - :res[content-length]\x1b[0m',
    );
  }
  return fn(tokens, req, res);
}
