// The multipart/form-data parser (RFC 7578, RFC 2046 §5.1): a Writable that the request body is
// piped into, and that hands each part on as a field (a string) or a file (a Readable), with
// busboy 1.6's limits. It is what multer calls "busboy": a `streamHandler` option receives it,
// to `pipe` into or `end(body)`.
//
//   multipart-body = preamble delimiter CRLF part *( delimiter CRLF part ) delimiter "--" epilogue
//   delimiter      = CRLF "--" boundary       ; a body may also begin with "--" boundary
//   part           = header-block body-bytes  ; headers.ts
//
// Memory per parser is bounded whatever the body: no byte of the body is kept between chunks but
// a field's value (at most `fieldSize`) and a part's header block (at most 16 KB); file data is
// pushed into the file's stream, and when that stream's buffer is full the parser holds its write
// callback, so that `pipe` stops reading the request until the file's consumer reads on.
import { Readable, Writable, type ReadableOptions } from 'node:stream';
import { decodeText, type Decoder } from './charsets.js';
import { basename, HeaderParser, parseDisposition, parsePartType } from './headers.js';
import { Scanner } from './search.js';

/** What the parser is told about a part's file, beside its stream (busboy's `file` info). */
export interface FileInfo {
  /** The client's file name (`filename*`, else `filename`), as the last path segment unless `preservePath`. */
  filename: string | undefined;
  /** The part's `Content-Transfer-Encoding`, lower-cased (`7bit` when none). */
  encoding: string;
  /** The part's media type (`text/plain` when none or malformed). */
  mimeType: string;
  /** The field name was longer than `fieldNameSize`. */
  nameTruncated: boolean;
}

/** What the parser is told about a field, beside its value (busboy's `field` info). */
export interface FieldInfo extends Omit<FileInfo, 'filename'> {
  /** The value was longer than `fieldSize`: it holds the first `fieldSize` bytes. */
  valueTruncated: boolean;
}

/** Where the parser hands what it reads. Each is called synchronously, during a write. */
export interface ParserHandlers {
  /** A text field. `name` is `undefined` when the part has none (or an empty one). */
  field(name: string | undefined, value: string | undefined, info: FieldInfo): void;
  /** A file: its data arrives on `stream`, which must be read or resumed for the form to go on. */
  file(name: string | undefined, stream: FileStream, info: FileInfo): void;
  /** A count limit was passed: the part is skipped (`parts`: the rest of the body is). Once per kind. */
  limit(kind: 'parts' | 'files' | 'fields'): void;
  /** The body is malformed or ended early; the parser stops. */
  error(err: Error): void;
  /** The body ended after its closing delimiter. */
  finish(): void;
}

/** Limits, as the most each may be (what multer's `limits` means); `Infinity` for none. */
export interface ParserLimits {
  fieldNameSize: number;
  fieldSize: number;
  fields: number;
  fileSize: number;
  files: number;
  parts: number;
  headerPairs: number;
}

/** How a parser reads. */
export interface ParserOptions {
  /** The boundary, from the request's `Content-Type`. */
  boundary: string;
  limits: ParserLimits;
  /** Keep the client's whole file path in `filename`. */
  preservePath: boolean;
  /** The charset of field values whose part names none. */
  defCharset: string;
  /** Decodes header parameters that are not extended values (`defParamCharset`). */
  paramDecoder: Decoder;
  /** `highWaterMark` of the parser's writable side (node's default when undefined). */
  highWaterMark: number | undefined;
  /** `highWaterMark` of each file stream (node's default when undefined). */
  fileHwm: number | undefined;
}

/**
 * A file's data, as a Readable (busboy's `FileStream`). It emits `limit` when the file passed
 * `fileSize` (its data then stops there and `truncated` is true), and ends when its part does.
 */
export class FileStream extends Readable {
  /** The file passed `fileSize`: the data stops at that many bytes. */
  truncated = false;
  /** The parser's write callback, held until this stream is read from again (backpressure). */
  waiter: (() => void) | null = null;
  /** `_read` was called since the last push that filled the buffer. */
  wanted = true;

  constructor(options: ReadableOptions) {
    super(options);
    this.once('end', this.release);
    this.once('close', this.release);
  }

  override _read(): void {
    this.wanted = true;
    this.release();
  }

  /** Lets the parser go on (its held write callback), once. */
  release(this: FileStream): void {
    const waiter = this.waiter;
    if (waiter !== null) {
      this.waiter = null;
      waiter();
    }
  }
}

// What the parser is reading.
const PREAMBLE = 0; // before the first delimiter: discarded
const AFTER_DELIMITER = 1; // the byte after a delimiter: "-" or CR
const DASH = 2; // after "-": a second "-" closes the body
const CR = 3; // after CR: LF begins a part's headers
const HEADERS = 4; // a part's header block
const PART = 5; // a part's data, up to the next delimiter
const EPILOGUE = 6; // after the closing delimiter: discarded
const STOPPED = 7; // failed or stopped: everything discarded

// What a part's data is for.
const SKIP = 0; // nothing: a part without a usable Content-Disposition, or over a limit
const FIELD = 1;
const FILE = 2;

const CRLF = Buffer.from('\r\n');

/** Parses one multipart/form-data body (see the file comment). */
export class MultipartParser extends Writable {
  private readonly handlers: ParserHandlers;
  private readonly limits: ParserLimits;
  private readonly options: ParserOptions;
  private readonly scanner: Scanner;
  private readonly header: HeaderParser;
  private readonly fileOptions: ReadableOptions;
  private state = PREAMBLE;
  private target = SKIP;
  private parts = 0;
  private fields = 0;
  private files = 0;
  private hitFields = false;
  private hitFiles = false;

  // the part being read
  private name: string | undefined = undefined;
  private charset = '';
  private encoding = '';
  private mimeType = '';
  private nameTruncated = false;
  private value: Buffer[] = [];
  private size = 0;
  private truncated = false;
  /** The part passed its size limit: the rest of its data is dropped (the part still ends as usual). */
  private dropping = false;
  private stream: FileStream | null = null;
  /** A file stream whose buffer filled during the current write. */
  private full: FileStream | null = null;

  constructor(options: ParserOptions, handlers: ParserHandlers) {
    super({ autoDestroy: true, emitClose: true, highWaterMark: options.highWaterMark });
    this.options = options;
    this.limits = options.limits;
    this.handlers = handlers;
    this.scanner = new Scanner(Buffer.from(`\r\n--${options.boundary}`, 'latin1'));
    // A body may begin with "--boundary" (no preamble): read as if a CRLF came first.
    this.scanner.scan(CRLF, 0);
    this.header = new HeaderParser(options.limits.headerPairs);
    this.fileOptions = { autoDestroy: true, emitClose: true, highWaterMark: options.fileHwm };
  }

  /** The parser has stopped reading (failed, finished, or stopped by its owner). */
  get stopped(): boolean {
    return this.state === STOPPED;
  }

  /**
   * Stops parsing: the rest of the body is discarded, the file being read (if any) is destroyed
   * with `err` (or ended, without), and a held write callback is released.
   */
  stop(err?: Error): void {
    if (this.state === STOPPED) return;
    this.state = STOPPED;
    this.value = [];
    const stream = this.stream;
    this.stream = null;
    if (stream !== null) {
      if (err) stream.destroy(err);
      else stream.push(null);
      stream.release();
    }
    this.full?.release();
    this.full = null;
  }

  /** Reports `err` and stops. */
  private fail(err: Error): void {
    if (this.state === STOPPED) return;
    this.stop(err);
    this.handlers.error(err);
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, cb: (error?: Error | null) => void): void {
    if (this.state === STOPPED || this.state === EPILOGUE) {
      cb();
      return;
    }
    try {
      this.parse(chunk);
    } catch (err) {
      // a bug, never an input: the handlers catch what user code throws
      this.fail(err instanceof Error ? err : new Error(String(err)));
    }
    const full = this.full;
    this.full = null;
    if (full !== null && !full.wanted && !full.destroyed && !full.readableEnded && this.state !== STOPPED) {
      full.waiter = () => cb();
    } else {
      cb();
    }
  }

  override _final(cb: (error?: Error | null) => void): void {
    // bytes held back as a possible delimiter are data now that none can follow (busboy's flush):
    // they may end a part's header block, whose part is then read before the end is reported
    const held = this.scanner.held;
    if (held > 0 && !this.done) {
      this.scanner.held = 0;
      this.segment(Buffer.from(this.scanner.needle.subarray(0, held)), 0, held);
    }
    if (this.state === EPILOGUE) {
      this.state = STOPPED;
      this.handlers.finish();
    } else {
      this.fail(new Error('Unexpected end of form'));
    }
    cb();
  }

  override _destroy(err: Error | null, cb: (error?: Error | null) => void): void {
    // destroyed from outside before the body ended (a user's streamHandler, a broken pipe)
    if (this.state !== STOPPED) this.fail(err ?? new Error('Unexpected end of form'));
    cb(err);
  }

  /** The parser is done with the body (stopped, or after the closing delimiter). */
  private get done(): boolean {
    return this.state === STOPPED || this.state === EPILOGUE;
  }

  /**
   * Reads one chunk of the body: the delimiter search runs over every byte (as busboy's does),
   * and what lies between delimiters is read by `segment` in the current state. The handlers a
   * step calls may stop the parser (a limit, an error): checked after each step.
   */
  private parse(chunk: Buffer): void {
    const scanner = this.scanner;
    let pos = 0;
    while (pos < chunk.length && !this.done) {
      const { released, dataStart, dataEnd, matched, next } = scanner.scan(chunk, pos);
      pos = next;
      // bytes held back as a possible delimiter that were not one (copied: the needle is reused)
      if (released > 0) this.segment(Buffer.from(scanner.needle.subarray(0, released)), 0, released);
      if (dataEnd > dataStart && !this.done) this.segment(chunk, dataStart, dataEnd);
      if (matched && !this.done) this.delimiter();
    }
  }

  /** Reads `buf[start, end)`, bytes between two delimiters, as the state says. */
  private segment(buf: Buffer, start: number, end: number): void {
    let i = start;
    while (i < end) {
      switch (this.state) {
        case AFTER_DELIMITER: {
          const c = buf[i];
          if (c === 0x2d /* - */) {
            this.state = DASH;
            i++;
          } else if (c === 0x0d) {
            this.state = CR;
            i++;
          } else {
            this.beginPart(false);
          }
          break;
        }
        case DASH:
          if (buf[i] === 0x2d) {
            this.state = EPILOGUE; // the closing delimiter: the rest is ignored
            return;
          }
          this.beginPart(false);
          break;
        case CR:
          if (buf[i] === 0x0a) {
            i++;
            this.beginPart(true);
          } else {
            this.beginPart(false);
          }
          break;
        case HEADERS: {
          const at = this.header.push(buf, i, end);
          if (at === -1) {
            this.fail(new Error('Malformed part header'));
            return;
          }
          i = at;
          if (this.header.done) this.headersRead();
          break;
        }
        case PART:
          if (this.target !== SKIP) this.data(buf.subarray(i, end));
          return;
        default: // PREAMBLE (discarded), EPILOGUE, STOPPED
          return;
      }
    }
  }

  /**
   * A delimiter: it ends the part being read (a field is given, a file's stream ends), and then
   * counts against `parts`, as busboy counts: every delimiter after the first, the closing one
   * included, so a part over the limit is read whole before the limit is reported. One inside a
   * part's header block makes that block malformed.
   */
  private delimiter(): void {
    const state = this.state;
    if (state === HEADERS) {
      this.fail(new Error('Malformed part header'));
      return;
    }
    const target = state === PART ? this.target : SKIP;
    this.target = SKIP;
    this.state = AFTER_DELIMITER; // first: the handler called below may stop the parser
    if (target === FIELD) this.emitField();
    else if (target === FILE) this.endFile();
    if (state === PREAMBLE || this.done) return;
    if (++this.parts > this.limits.parts) {
      this.state = STOPPED;
      this.handlers.limit('parts');
    }
  }

  /** After a delimiter that does not close the body: read the part's headers when CRLF follows, else skip the part (as busboy does). */
  private beginPart(withHeaders: boolean): void {
    this.state = withHeaders ? HEADERS : PART;
    this.target = SKIP;
    this.dropping = false;
    if (withHeaders) this.header.reset();
  }

  /** The header block is read: decide what the part is. */
  private headersRead(): void {
    const { disposition, type, transferEncoding } = this.header.headers;
    this.state = PART;
    this.target = SKIP;
    if (disposition === undefined) return;
    const disp = parseDisposition(disposition, this.options.paramDecoder);
    if (disp === undefined || disp.type !== 'form-data') return;
    const params = disp.params;
    this.name = params.name || undefined;
    this.nameTruncated = this.name !== undefined && this.name.length > this.limits.fieldNameSize;
    // an empty `filename*` or `filename` names no file (busboy reads them as absent)
    let filename = params['filename*'] || params.filename || undefined;
    if (filename !== undefined && !this.options.preservePath) filename = basename(filename);
    this.mimeType = 'text/plain';
    this.charset = this.options.defCharset;
    const parsed = type === undefined ? undefined : parsePartType(type);
    if (parsed !== undefined) {
      this.mimeType = parsed.type;
      if (parsed.charset !== undefined) this.charset = parsed.charset;
    }
    this.encoding = transferEncoding === undefined ? '7bit' : transferEncoding.toLowerCase();

    if (this.mimeType === 'application/octet-stream' || filename !== undefined) {
      if (this.files === this.limits.files) {
        if (!this.hitFiles) {
          this.hitFiles = true;
          this.handlers.limit('files');
        }
        return;
      }
      this.files++;
      this.size = 0;
      this.target = FILE;
      const stream = new FileStream(this.fileOptions);
      this.stream = stream;
      this.handlers.file(this.name, stream, {
        filename,
        encoding: this.encoding,
        mimeType: this.mimeType,
        nameTruncated: this.nameTruncated,
      });
    } else {
      if (this.fields === this.limits.fields) {
        if (!this.hitFields) {
          this.hitFields = true;
          this.handlers.limit('fields');
        }
        return;
      }
      this.fields++;
      this.size = 0;
      this.truncated = false;
      this.value = [];
      this.target = FIELD;
    }
  }

  /** Data of the part being read. */
  private data(buf: Buffer): void {
    if (this.dropping) return;
    if (this.target === FIELD) {
      const room = this.limits.fieldSize - this.size;
      if (buf.length > room) {
        if (room > 0) this.value.push(buf.subarray(0, room));
        this.size += room;
        this.truncated = true;
        this.dropping = true; // the rest of the value is dropped; the field is still given
        return;
      }
      this.value.push(buf);
      this.size += buf.length;
      return;
    }
    const stream = this.stream;
    if (stream === null || stream.destroyed) {
      this.dropping = true; // its reader destroyed it: nothing reads the rest
      return;
    }
    const room = this.limits.fileSize - this.size;
    if (buf.length > room) {
      if (room > 0) this.pushFile(stream, buf.subarray(0, room));
      this.size += room;
      this.dropping = true; // the file stays open until its part ends, as busboy keeps it
      stream.truncated = true;
      stream.emit('limit');
      return;
    }
    this.size += buf.length;
    this.pushFile(stream, buf);
  }

  private pushFile(stream: FileStream, buf: Buffer): void {
    if (!stream.push(buf)) {
      stream.wanted = false;
      this.full = stream;
    }
  }

  private emitField(): void {
    const value = this.value;
    this.value = [];
    // an empty value is '' whatever its charset (busboy decodes only what it has)
    const text =
      this.size === 0
        ? ''
        : decodeText(value.length === 1 ? (value[0] as Buffer) : Buffer.concat(value, this.size), this.charset, 0);
    const truncated = this.truncated;
    this.handlers.field(this.name, text, {
      nameTruncated: this.nameTruncated,
      valueTruncated: truncated,
      encoding: this.encoding,
      mimeType: this.mimeType,
    });
  }

  private endFile(): void {
    const stream = this.stream;
    this.stream = null;
    if (stream !== null && !stream.destroyed) stream.push(null);
  }
}
