// Errors and warnings of @brisk/logger. Every code has a section in docs/errors.md, under
// "@brisk/logger"; the repository's test/errors.test.ts keeps this table and the docs in step.

/**
 * Stable codes of @brisk/logger, and the docs/errors.md section (anchor) of each. The logger
 * never throws into a request: these codes are carried by process warnings (see report.ts).
 */
export const ERRORS = {
  BRISK_ERR_LOGGER_LINE: 'log-line-failed',
} as const;

/** One of the stable error codes (docs/errors.md lists them). */
export type LoggerErrorCode = keyof typeof ERRORS;

/** The `name` of the logger's process warnings. */
export const WARNING_NAME = 'BriskLoggerWarning';
