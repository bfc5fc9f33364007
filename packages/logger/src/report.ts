/**
 * How the logger reports a failure in user code (a token, a format function, `skip`, the
 * stream's `write`): never by throwing into the request, but as a process warning
 * (`process.on('warning')`; printed to stderr unless node runs with `--no-warnings`).
 */

import { WARNING_NAME, type LoggerErrorCode } from './errors.js';

/** The `code` of the warning (docs/errors.md#log-line-failed). */
const WARNING_CODE: LoggerErrorCode = 'BRISK_ERR_LOGGER_LINE';

/** `String(err)`, or a fallback for a value that cannot be converted (`Object.create(null)`). */
function describe(err: unknown): string {
  try {
    return String(err);
  } catch {
    return Object.prototype.toString.call(err);
  }
}

/** A process warning whose `cause` is the error, with its stack as the printed detail. */
export function report(err: unknown, what: string): void {
  const warning = new Error(`@brisk/logger: ${what}: ${describe(err)}`, { cause: err }) as Error & {
    code: string;
    detail?: string;
  };
  warning.name = WARNING_NAME;
  warning.code = WARNING_CODE;
  if (err instanceof Error && typeof err.stack === 'string') warning.detail = err.stack;
  process.emitWarning(warning);
}
