// Errors and warnings of @brisk/cors. Every code has a section in docs/errors.md, under
// "@brisk/cors"; the repository's test/errors.test.ts keeps this table and the docs in step.

/** Stable codes of @brisk/cors, and the docs/errors.md section (anchor) of each. */
export const ERRORS = {
  BRISK_ERR_CORS_UNKNOWN_OPTION: 'unknown-cors-option',
  BRISK_ERR_CORS_NO_ERROR: 'origin-function-failed-without-an-error',
  BRISK_ERR_CORS_LATE_ERROR: 'origin-function-failed-after-answering',
} as const;

/** One of the stable error codes (docs/errors.md lists them). */
export type CorsErrorCode = keyof typeof ERRORS;

/** The `name` of the package's process warnings. */
export const WARNING_NAME = 'BriskCorsWarning';

/** `String(value)`, or a fallback for a value that cannot be converted (`Object.create(null)`, a hostile Proxy). */
export function describe(value: unknown): string {
  try {
    return String(value);
  } catch {
    try {
      return Object.prototype.toString.call(value);
    } catch {
      return 'a value that cannot be shown';
    }
  }
}

/** Emits a process warning named {@link WARNING_NAME} with `code` (and the original error as `cause`). */
export function warn(code: CorsErrorCode, message: string, cause?: unknown): void {
  const warning = new Error(`@brisk/cors: ${message}`, cause === undefined ? undefined : { cause }) as Error & {
    code: string;
  };
  warning.name = WARNING_NAME;
  warning.code = code;
  process.emitWarning(warning);
}
