// The errors of @brisk/multipart: `MulterError`, with multer 2.5's codes and messages, and the
// one code brisk adds (a disk-storage file name that leaves its folder), which has a section in
// docs/errors.md under "@brisk/multipart" (test/errors.test.ts keeps the two in step).

/**
 * Stable codes brisk adds, and the docs/errors.md section (anchor) of each. The upstream codes
 * (`LIMIT_FILE_SIZE`, ...) are `MulterError` codes and keep multer's names.
 */
export const ERRORS = {
  BRISK_ERR_MULTIPART_FILENAME: 'file-name-outside-the-destination',
} as const;

/** multer's messages, by code. */
const MESSAGES = {
  LIMIT_PART_COUNT: 'Too many parts',
  LIMIT_FILE_SIZE: 'File too large',
  LIMIT_FILE_COUNT: 'Too many files',
  LIMIT_FIELD_KEY: 'Field name too long',
  LIMIT_FIELD_VALUE: 'Field value too long',
  LIMIT_FIELD_COUNT: 'Too many fields',
  LIMIT_UNEXPECTED_FILE: 'Unexpected file field',
  MISSING_FIELD_NAME: 'Field name missing',
  LIMIT_FIELD_NESTING: 'Field name nesting too deep',
  LIMIT_FIELD_ARRAY_INDEX: 'Field name array index too large',
  STREAM_DESTROYED: 'File stream was destroyed',
  INVALID_FIELD_NAME: 'Invalid field name',
} as const;

/**
 * A `MulterError` code: a limit that was passed (`LIMIT_*`), a file in a field the middleware
 * does not take (`LIMIT_UNEXPECTED_FILE`), a part without a field name (`MISSING_FIELD_NAME`), a
 * field name `req.body` cannot hold (`INVALID_FIELD_NAME`), or a file stream destroyed before the
 * disk storage wrote it (`STREAM_DESTROYED`).
 */
export type ErrorCode = keyof typeof MESSAGES;

/**
 * The error of a request that breaks a rule of the middleware: a limit, an unexpected file field,
 * a missing or unusable field name. Check `err.code` rather than the message. It has no `status`,
 * as multer's has none: Express's final handler answers 500 unless the app's error handler maps
 * the code (413 for `LIMIT_FILE_SIZE`, ...).
 *
 * @example
 * app.post('/avatar', upload.single('avatar'), handler, (err, req, res, next) => {
 *   if (err instanceof multer.MulterError && err.code === 'LIMIT_FILE_SIZE') return res.status(413).end();
 *   next(err);
 * });
 */
export class MulterError extends Error {
  /** `'MulterError'`. */
  override name: string;
  /** multer's message for `code` (`File too large`), or `Unknown error: <code>`. */
  override message: string;
  /** What went wrong (`LIMIT_FILE_SIZE`, ...). */
  code: ErrorCode;
  /** The field the error is about, when there is one (an own property only then, as in multer). */
  declare field?: string;
  /** The client's name of the file the error is about (`LIMIT_FILE_SIZE`, `LIMIT_UNEXPECTED_FILE`): untrusted input, as `file.originalname` is. */
  declare filename?: string;

  /**
   * @param code - one of the codes
   * @param field - the field name, when the error is about one
   * @param filename - the client's file name, when the error is about a file
   */
  constructor(code: ErrorCode, field?: string, filename?: string) {
    super();
    // own, enumerable properties in multer's order (it assigns them in its constructor function)
    this.name = new.target.name;
    this.message = Object.hasOwn(MESSAGES, code) ? MESSAGES[code] : `Unknown error: ${String(code)}`;
    this.code = code;
    if (field) this.field = field;
    if (filename) this.filename = filename;
    // the stack's first line was written by Error() before the message was set
    Error.captureStackTrace(this, new.target);
  }
}

/** Names and describes a value thrown or passed as an error that cannot travel as one. */
function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'symbol' || typeof value === 'bigint') return typeof value;
  return String(value);
}

/**
 * A value user code threw, or passed to a callback as its error, as something `next(err)` treats
 * as an error: a falsy value (`throw undefined`, `throw 0`) would read as "no error", and Express
 * and its router read the strings `'route'` and `'router'` as "skip" (a thrown `'route'` would
 * skip the rest of the route instead of failing the upload). Those become an `Error` naming where
 * they came from; any other value travels as it is, as multer passes it.
 */
export function asError(value: unknown, where: string): unknown {
  if (value && value !== 'route' && value !== 'router') return value;
  return new Error(`${where} failed with ${describe(value)}`);
}

/** A disk-storage file name that would put the file outside its destination folder. */
export function filenameError(filename: string): Error {
  const err = new Error(
    `disk storage: the file name ${JSON.stringify(filename)} does not name a file inside the destination folder (visit https://github.com/briskjs/brisk/blob/main/docs/errors.md#${ERRORS.BRISK_ERR_MULTIPART_FILENAME})`,
  );
  return Object.assign(err, { code: 'BRISK_ERR_MULTIPART_FILENAME' as const });
}
