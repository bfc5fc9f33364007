// One request through the middleware: from the request's Content-Type to `next()`, as multer 2.5
// does it, in named stages: `start` (the parser, the request's listeners), `field` and `file`
// (each part), `filtered` and `stored` (a file through `fileFilter` and the storage engine),
// `abort` and `cleanup` (a failed request: every stored file removed), `finish` (the request
// drained, then `next`).
//
// Every call into user code (fileFilter, the storage engine, limits, streamHandler) is guarded:
// a throw or an error passed back fails the request, a callback called twice counts once, and
// no error can escape into the request's stream events (where it would end the process). When a
// request fails, the file being read is destroyed (its storage's write stream closes), the parser
// stops, every stored file is removed (also those whose engine answers after the failure), the
// request is read to its end (the client then gets the answer, not a reset) and `next(err)` is
// called once. Nothing stays behind: no listener on the request, no open stream, no file.
import { AsyncResource } from 'node:async_hooks';
import type { IncomingMessage } from 'node:http';
import { contentType, hasBody, parseContentType } from '@brisk/negotiate';
import { FileAppender, type Placeholder, type Strategy } from './appender.js';
import { asError, MulterError, type ErrorCode } from './errors.js';
import { appendField, decodeFormDataName, exceedsArrayIndexLimit, nestingDepth, type BodyObject } from './fields.js';
import { normalizeLimits, type NormalizedLimits, type Settings } from './options.js';
import { MultipartParser, type FieldInfo, type FileInfo, type FileStream, type ParserHandlers } from './parser.js';
import type { File, Middleware, MultipartRequest, StorageEngine } from './types.js';

/** What one middleware (`single`, `array`, `fields`, `none`, `any`) takes. */
export interface Plan {
  strategy: Strategy;
  /** Files allowed per field name; `null` takes every file (`any`). */
  fields: ReadonlyArray<{ readonly name: string; readonly maxCount: number }> | null;
}

type Next = (err?: unknown) => void;

/** A request as the middleware reads and writes it. */
type Request = MultipartRequest & { body?: unknown; file?: unknown; files?: unknown };

/**
 * Whether the request has a multipart body (multer's `type-is` check: a body, and a valid
 * `Content-Type` of type `multipart`), and so is the middleware's to read. A body is a
 * Transfer-Encoding, a Content-Length, or over HTTP/2 a stream that did not end with its
 * headers: multer's `type-is` 1.6 needs a Content-Length there (decision 040).
 */
function isMultipart(req: Request, header: unknown): header is string {
  if (typeof header !== 'string' || !hasBody(req as IncomingMessage)) return false;
  let type: string;
  try {
    // content-type 1.0.5 rejects what type-is 1.6 rejects: a malformed header is not multipart
    type = contentType.parse(header).type;
  } catch {
    return false;
  }
  return type.startsWith('multipart/');
}

/**
 * The boundary of a multipart `Content-Type`, or the error multer's parser (busboy) gives for
 * one it does not read: another multipart type than form-data, or no boundary.
 */
function boundaryOf(header: string): string | Error {
  const { type, parameters } = parseContentType(header);
  if (type !== 'multipart/form-data') return new Error(`Unsupported content type: ${header}`);
  const boundary = parameters.boundary;
  if (typeof boundary !== 'string') return new Error('Multipart: Boundary not found');
  return boundary;
}

/**
 * Watches what user code returned: an `async` fileFilter or engine method that throws gives a
 * rejected promise, which multer leaves unhandled (node then ends the process); here it fails
 * the request, as a throw does.
 */
function onRejection(result: unknown, fail: (err: unknown) => void): void {
  if (result !== null && (typeof result === 'object' || typeof result === 'function')) {
    const then = (result as { then?: unknown }).then;
    if (typeof then === 'function') then.call(result, undefined, fail);
  }
}

/** Makes the middleware of one `multer()` call and one plan. */
export function makeMiddleware(settings: Settings, storage: StorageEngine, plan: Plan): Middleware {
  const fixedLimits = typeof settings.limits === 'function' ? null : settings.limits;
  return function multerMiddleware(req, _res, next) {
    const request = req as Request;
    const header = req.headers['content-type'];
    if (!isMultipart(request, header)) {
      next();
      return;
    }
    // `next` runs in the caller's async context (AsyncLocalStorage), not in the stream events'
    const resource = new AsyncResource('multer');
    const done: Next = (err) => resource.runInAsyncScope(next, null, err);
    let limits = fixedLimits;
    if (limits === null) {
      try {
        const given = (settings.limits as (req: MultipartRequest) => unknown)(request);
        if (given !== null && typeof given === 'object' && typeof (given as { then?: unknown }).then === 'function')
          throw new TypeError('option limits must return the limits, not a promise');
        // a falsy answer is "no limits", as multer reads it
        limits = normalizeLimits(given || null);
      } catch (err) {
        done(asError(err, 'limits'));
        return;
      }
    }
    new Upload(request, done, settings, storage, plan, limits).start(header);
  };
}

// A file's stage: in `fileFilter`, with the storage engine, or let go (the request no longer
// waits for it).
const FILTER = 0;
const STORING = 1;
const RELEASED = 2;

/** One file of the request, from its part's headers to its end. */
interface Entry {
  file: File;
  stream: FileStream;
  placeholder: Placeholder;
  stage: typeof FILTER | typeof STORING | typeof RELEASED;
  /** The file passed `fileSize`. */
  tooLarge: boolean;
  /** Its engine has not called back yet. */
  engineBusy: boolean;
  /** The abort's cleanup removed it already. */
  removed: boolean;
}

/** The state of one request (see the file comment for the stages). */
class Upload implements ParserHandlers {
  private parser: MultipartParser | null = null;
  private appender: FileAppender | null = null;
  /** Files left per field name (`null`: `any`, no count). */
  private readonly filesLeft: { [name: string]: number } | null;
  private readonly entries = new Set<Entry>();
  /** Stored files, for removal if the request fails. */
  private readonly uploaded: File[] = [];
  /** Entries not let go: the request ends only when this is 0. */
  private open = 0;
  /** Entries with the storage engine: a failed request waits for them before its cleanup. */
  private storing = 0;
  private bodyRead = false;
  private failed = false;
  /** The first error, which `next` gets. */
  private failure: unknown = undefined;
  /** The failed request's cleanup waits until `storing` is 0. */
  private cleanupPending = false;
  private cleaned = false;
  private finished = false;

  constructor(
    private readonly req: Request,
    private readonly next: Next,
    private readonly settings: Settings,
    private readonly storage: StorageEngine,
    private readonly plan: Plan,
    private readonly limits: NormalizedLimits,
  ) {
    if (plan.fields === null) {
      this.filesLeft = null;
    } else {
      this.filesLeft = Object.create(null) as { [name: string]: number };
      for (const { name, maxCount } of plan.fields) this.filesLeft[name] = maxCount;
    }
  }

  // --- start ------------------------------------------------------------------------------

  start(header: string): void {
    const req = this.req;
    req.body = Object.create(null) as BodyObject;
    req.on('error', this.onRequestError);
    req.on('aborted', this.onRequestAborted);
    req.on('close', this.onRequestClose);
    const boundary = boundaryOf(header);
    if (boundary instanceof Error) {
      this.abort(boundary);
      return;
    }
    const s = this.settings;
    const parser = new MultipartParser(
      {
        boundary,
        limits: this.limits,
        preservePath: s.preservePath,
        defCharset: s.defCharset,
        paramDecoder: s.paramDecoder,
        highWaterMark: s.highWaterMark,
        fileHwm: s.fileHwm,
      },
      this,
    );
    this.parser = parser;
    // an error of the parser's stream (its destroy from outside) fails the request, never the process
    parser.on('error', (err: Error) => this.abort(err));
    this.appender = new FileAppender(this.plan.strategy, req);
    const fail = (err: unknown) => this.abort(asError(err, 'streamHandler'));
    try {
      if (s.streamHandler === undefined) req.pipe(parser);
      else onRejection(s.streamHandler(req, parser), fail);
    } catch (err) {
      fail(err);
    }
  }

  private readonly onRequestError = (err: unknown): void => {
    this.requestFailed(err instanceof Error ? err : new Error('Request error'));
  };

  private readonly onRequestAborted = (): void => {
    this.requestFailed(new Error('Request aborted'));
  };

  private readonly onRequestClose = (): void => {
    if (!this.req.readableEnded) this.requestFailed(new Error('Request closed'));
  };

  /** The request broke off: nothing more will come, so nothing is waited for. */
  private requestFailed(err: Error): void {
    if (this.finished) return;
    if (this.failed)
      this.cleanup(); // a failure already waiting for engines: the client is gone
    else this.abort(err, false);
  }

  // --- parts (the parser's handlers) --------------------------------------------------------

  field(rawName: string | undefined, value: string | undefined, info: FieldInfo): void {
    if (this.failed) return;
    if (rawName === undefined) return this.abortWith('MISSING_FIELD_NAME');
    const name = decodeFormDataName(rawName);
    // multer's order: the value's limit, then the name's (busboy reports no long name itself)
    if (info.valueTruncated) return this.abortWith('LIMIT_FIELD_VALUE', name);
    if (info.nameTruncated) return this.abortWith('LIMIT_FIELD_KEY');
    const limits = this.limits;
    if (nestingDepth(name) > limits.fieldNestingDepth) return this.abortWith('LIMIT_FIELD_NESTING', name);
    if (
      limits.fieldArrayIndexLimit !== Number.POSITIVE_INFINITY &&
      exceedsArrayIndexLimit(name, limits.fieldArrayIndexLimit)
    )
      return this.abortWith('LIMIT_FIELD_ARRAY_INDEX', name);
    try {
      appendField(this.req.body as BodyObject, name, value);
    } catch {
      this.abortWith('INVALID_FIELD_NAME', name);
    }
  }

  file(rawName: string | undefined, stream: FileStream, info: FileInfo): void {
    // listeners first: an error of this stream fails the request, never the process
    let entry: Entry | null = null;
    stream.on('error', (err: Error) => {
      this.abort(err);
      if (entry !== null) this.release(entry);
    });
    const fieldname = rawName === undefined ? undefined : decodeFormDataName(rawName);
    const originalname = info.filename === undefined ? undefined : decodeFormDataName(info.filename);
    stream.on('limit', () => {
      if (entry === null) return;
      entry.tooLarge = true;
      if (entry.stage === STORING) this.abortWith('LIMIT_FILE_SIZE', fieldname, originalname);
    });
    if (this.failed) {
      stream.resume();
      return;
    }
    if (fieldname === undefined) return this.abortWith('MISSING_FIELD_NAME');
    if (!originalname) {
      stream.resume(); // a part with an empty file name is no file: its data is discarded
      return;
    }
    if (info.nameTruncated) return this.abortWith('LIMIT_FIELD_KEY');
    const file = { fieldname, originalname, encoding: info.encoding, mimetype: info.mimeType } as File;
    entry = {
      file,
      stream,
      placeholder: (this.appender as FileAppender).insert(fieldname),
      stage: FILTER,
      tooLarge: false,
      engineBusy: false,
      removed: false,
    };
    this.entries.add(entry);
    this.open++;
    this.filter(entry);
  }

  limit(kind: 'parts' | 'files' | 'fields'): void {
    this.abortWith(kind === 'parts' ? 'LIMIT_PART_COUNT' : kind === 'files' ? 'LIMIT_FILE_COUNT' : 'LIMIT_FIELD_COUNT');
  }

  error(err: Error): void {
    this.abort(err);
  }

  finish(): void {
    this.bodyRead = true;
    this.progress();
  }

  // --- a file through fileFilter and the storage engine --------------------------------------

  /** Asks `fileFilter` about the file, after counting it against its field's `maxCount`. */
  private filter(entry: Entry): void {
    const { fieldname, originalname } = entry.file;
    const left = this.filesLeft;
    if (left !== null) {
      if (!((left[fieldname] ?? 0) > 0)) {
        this.filtered(entry, new MulterError('LIMIT_UNEXPECTED_FILE', fieldname, originalname), false);
        return;
      }
      // the slot is taken now, before an asynchronous filter answers (files of one write would all
      // see the old count), and given back if the file is not taken
      left[fieldname] = (left[fieldname] as number) - 1;
    }
    let answered = false;
    const callback = (err?: unknown, accept?: boolean): void => {
      if (answered) return;
      answered = true;
      if (left !== null && (err || !accept)) left[fieldname] = (left[fieldname] as number) + 1;
      this.filtered(entry, err, accept);
    };
    const fileFilter = this.settings.fileFilter;
    if (fileFilter === undefined) {
      callback(null, true);
      return;
    }
    const fail = (err: unknown) => callback(asError(err, 'fileFilter'));
    try {
      onRejection(fileFilter(this.req, entry.file, callback as never), fail);
    } catch (err) {
      fail(err);
    }
  }

  /** `fileFilter` answered: skip the file, fail the request, or store the file. */
  private filtered(entry: Entry, err: unknown, accept: boolean | undefined): void {
    const appender = this.appender as FileAppender;
    const { file } = entry;
    if (this.failed || err || !accept || entry.tooLarge) {
      appender.remove(entry.placeholder, file.fieldname);
      if (this.failed || (!err && !accept))
        entry.stream.resume(); // discard its data
      else if (err) this.abort(asError(err, 'fileFilter'));
      else this.abortWith('LIMIT_FILE_SIZE', file.fieldname, file.originalname);
      this.release(entry);
      return;
    }
    entry.stage = STORING;
    entry.engineBusy = true;
    this.storing++;
    Object.defineProperty(file, 'stream', { configurable: true, enumerable: false, value: entry.stream });
    let answered = false;
    const callback = (err?: unknown, info?: Partial<File>): void => {
      if (answered) return;
      answered = true;
      entry.engineBusy = false;
      this.stored(entry, err, info);
    };
    const fail = (err: unknown) => callback(asError(err, 'storage._handleFile'));
    try {
      onRejection(this.storage._handleFile(this.req, file, callback), fail);
    } catch (err) {
      fail(err);
    }
  }

  /** The storage engine called back. */
  private stored(entry: Entry, err: unknown, info: Partial<File> | undefined): void {
    const appender = this.appender as FileAppender;
    if (err) {
      appender.remove(entry.placeholder, entry.file.fieldname);
      this.abort(asError(err, 'storage._handleFile'));
      this.release(entry);
      return;
    }
    const stored = { ...entry.file, ...info } as File;
    if (this.cleaned) {
      // the failed request's cleanup ran while the engine worked: remove it here, unless the
      // cleanup did (it had a path then)
      appender.remove(entry.placeholder, entry.file.fieldname);
      if (entry.removed) {
        this.release(entry);
        return;
      }
      this.removeFile(stored, () => this.release(entry));
      return;
    }
    this.uploaded.push(stored);
    if (entry.tooLarge) appender.remove(entry.placeholder, entry.file.fieldname);
    else appender.replace(entry.placeholder, stored);
    this.release(entry);
  }

  /** The request no longer waits for this file. */
  private release(entry: Entry): void {
    if (entry.stage === RELEASED) return;
    if (entry.stage === STORING) this.storing--;
    entry.stage = RELEASED;
    this.open--;
    if (!entry.engineBusy) this.entries.delete(entry);
    this.progress();
  }

  /** Goes on when nothing is waited for: the failed request's cleanup, or the end. */
  private progress(): void {
    if (this.failed) {
      if (this.cleanupPending && this.storing === 0) this.cleanup();
    } else if (this.bodyRead && this.open === 0) {
      this.end(undefined);
    }
  }

  // --- failure --------------------------------------------------------------------------------

  private abortWith(code: ErrorCode, field?: string, filename?: string): void {
    this.abort(new MulterError(code, field, filename));
  }

  /**
   * Fails the request with `err` (the first error wins): the parser stops, and once the storage
   * engines working on files have called back, every stored file is removed. The file being read
   * ends where it is, so that its engine calls back as for any file (multer lets it run to its
   * end); when the request broke off (`waitForEngines` false), nothing more will come: the file
   * is destroyed with the error, as busboy destroys it, and nothing is waited for.
   */
  private abort(err: unknown, waitForEngines = true): void {
    if (this.failed || this.finished) return;
    this.failed = true;
    this.failure = err;
    this.parser?.stop(waitForEngines ? undefined : err instanceof Error ? err : new Error('Upload failed'));
    this.cleanupPending = true;
    if (!waitForEngines) this.cleanup();
    else this.progress();
  }

  /** Removes every stored file (one after the other, as multer does), then ends. */
  private cleanup(): void {
    if (this.cleaned) return;
    this.cleaned = true;
    this.cleanupPending = false;
    const files = this.uploaded.slice();
    for (const entry of this.entries) {
      // a file its engine still writes, whose path is known (disk storage sets it first)
      if (entry.engineBusy && entry.file.path) {
        entry.removed = true;
        files.push(entry.file);
      }
    }
    const errors: unknown[] = [];
    const removeAt = (i: number): void => {
      if (i === files.length) {
        this.attach(errors);
        this.end(this.failure);
        return;
      }
      const file = files[i] as File;
      this.removeFile(file, (err) => {
        if (err) errors.push(err);
        setImmediate(removeAt, i + 1);
      });
    };
    removeAt(0);
  }

  /** `storage._removeFile`, guarded; a removal error carries its `file` and `field`, as multer's. */
  private removeFile(file: File, cb: (err: unknown) => void): void {
    let answered = false;
    const callback = (err?: unknown): void => {
      if (answered) return;
      answered = true;
      if (err && typeof err === 'object') {
        try {
          Object.assign(err, { file, field: file.fieldname });
        } catch {
          // a frozen error stays as it is
        }
      }
      cb(err ? asError(err, 'storage._removeFile') : null);
    };
    const fail = (err: unknown) => callback(asError(err, 'storage._removeFile'));
    try {
      onRejection(this.storage._removeFile(this.req, file, callback), fail);
    } catch (err) {
      fail(err);
    }
  }

  /** `err.storageErrors`, as multer sets it (on an error that can hold it). */
  private attach(errors: unknown[]): void {
    const err = this.failure;
    if ((typeof err === 'object' && err !== null) || typeof err === 'function') {
      try {
        Object.assign(err, { storageErrors: errors });
      } catch {
        // a frozen error stays as it is
      }
    }
  }

  // --- the end --------------------------------------------------------------------------------

  /**
   * Calls `next(err)` once: after the request's body was read to its end, when it failed and the
   * body is still arriving (the client then reads the answer instead of a reset); with no
   * listener of the middleware left on the request.
   */
  private end(err: unknown): void {
    if (this.finished) return;
    this.finished = true;
    const req = this.req;
    req.off('error', this.onRequestError);
    req.off('aborted', this.onRequestAborted);
    req.off('close', this.onRequestClose);
    const parser = this.parser;
    if (parser !== null) {
      req.unpipe(parser);
      parser.stop();
    }
    if (err === undefined || !req.readable || req.destroyed) {
      process.nextTick(this.next, err);
      return;
    }
    let called = false;
    const go = (): void => {
      if (called) return;
      called = true;
      req.off('end', go);
      req.off('error', go);
      req.off('close', go);
      this.next(err);
    };
    req.on('end', go);
    req.on('error', go);
    req.on('close', go);
    req.resume();
  }
}
