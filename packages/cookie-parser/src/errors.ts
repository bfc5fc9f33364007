// Errors and warnings of @brisk/cookie-parser. Every code has a section in docs/errors.md, under
// "@brisk/cookie-parser"; the repository's test/errors.test.ts keeps this table and the docs in step.

/** Stable codes of @brisk/cookie-parser, and the docs/errors.md section (anchor) of each. */
export const ERRORS = {
  BRISK_ERR_COOKIE_PARSER_UNKNOWN_OPTION: 'unknown-cookie-parser-option',
} as const;

/** One of the stable error codes (docs/errors.md lists them). */
export type CookieParserErrorCode = keyof typeof ERRORS;

/** The `name` of the package's process warnings. */
export const WARNING_NAME = 'BriskCookieParserWarning';

/** Emits a process warning named {@link WARNING_NAME} with `code`. */
export function warn(code: CookieParserErrorCode, message: string): void {
  const warning = new Error(`@brisk/cookie-parser: ${message}`) as Error & { code: string };
  warning.name = WARNING_NAME;
  warning.code = code;
  process.emitWarning(warning);
}
