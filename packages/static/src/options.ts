// The options of `send()` (and so of `res.sendFile`/`res.download`), validated and compiled once
// into the values each request reads: no option is re-parsed per request.
import type { createReadStream } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { parseTimeSpan } from '@brisk/http';

/** How files and directories whose name starts with a dot are treated. */
export type Dotfiles = 'allow' | 'deny' | 'ignore';

/** The options object of `fs.createReadStream` (@types/node 18 does not export its name). */
type FsReadStreamOptions = Exclude<Parameters<typeof createReadStream>[1], string | undefined>;

/** The `fs.createReadStream` options that send passes on (`start`/`end` are its own). */
export type ReadStreamOptions = Omit<FsReadStreamOptions, 'start' | 'end'> & {
  /** Aborts the file stream (passed to `fs.createReadStream`). */
  signal?: AbortSignal | undefined;
};

/** Headers set on the response when a file is sent: name → value. */
export type HeadersObject = Record<string, number | string | readonly string[]>;

/**
 * Options of {@link send} (send 1.2's options), also the file-transfer options of
 * `res.sendFile` and `res.download`. Options that `fs.createReadStream` reads
 * (`highWaterMark`, `fs`, ...) are passed on to it, as send does.
 */
export interface SendOptions extends ReadStreamOptions {
  /**
   * Accept range requests: send `Accept-Ranges: bytes` and honour the `Range` header.
   * With `false` the header is not sent and `Range` is ignored.
   * @default true
   */
  acceptRanges?: boolean | undefined;
  /**
   * Set `Cache-Control` (from `maxAge` and `immutable`). With `false` neither is used.
   * @default true
   */
  cacheControl?: boolean | undefined;
  /**
   * How a path with a segment starting with a dot (`.env`, `.git/config`) is treated:
   * `'allow'` serves it, `'deny'` answers 403, `'ignore'` answers 404 as if it did not exist.
   * With `root`, only the segments below the root are judged; without it, every segment.
   * @default 'ignore'
   */
  dotfiles?: Dotfiles | undefined;
  /**
   * Byte offset at which the file ends (inclusive): `end: 3` sends up to the 4th byte.
   * Ranges and `Content-Length` are relative to `start`..`end`.
   * @default the last byte of the file
   */
  end?: number | undefined;
  /**
   * Send a weak `ETag` made of the file's size and modification time.
   * @default true
   */
  etag?: boolean | undefined;
  /**
   * Extensions to try, in order, when the file does not exist and the path has no extension:
   * `['html', 'htm']` serves `/about` from `about.html`. `false` disables.
   * @default false
   */
  extensions?: readonly string[] | string | false | undefined;
  /**
   * Headers set on the response when a file is sent, before the `headers` event (so its
   * listeners can still change them). `res.sendFile`'s option; send 1.2 itself ignores it.
   * @example { headers: { 'X-Robots-Tag': 'noindex' } }
   */
  headers?: HeadersObject | undefined;
  /**
   * Add the `immutable` directive to `Cache-Control`; set `maxAge` too.
   * @default false
   */
  immutable?: boolean | undefined;
  /**
   * Index files to send for a path ending in `/`, tried in order; `false` disables.
   * @default 'index.html'
   */
  index?: readonly string[] | string | false | undefined;
  /**
   * Send `Last-Modified` (the file's modification time).
   * @default true
   */
  lastModified?: boolean | undefined;
  /**
   * `max-age` of `Cache-Control`: milliseconds, or a time-span string (`'1d'`, `'2 hours'`,
   * `'1.5 days'`, `'100ms'`). Rounded down to seconds, at most one year.
   * @default 0
   */
  maxAge?: number | string | undefined;
  /** Same as `maxAge` (the older name); `maxAge` wins when both are set. */
  maxage?: number | string | undefined;
  /**
   * Directory that the path is relative to. The path, after decoding, must stay inside it
   * (`..` that would climb above it is answered with 403).
   */
  root?: string | undefined;
  /**
   * Byte offset at which the file starts (inclusive): `start: 2` starts at the 3rd byte.
   * @default 0
   */
  start?: number | undefined;
}

/** send's longest `max-age`: one year, in milliseconds. */
const MAX_MAXAGE = 60 * 60 * 24 * 365 * 1000;

/** The `fs.createReadStream` options send passes on (it copies all its options into them). */
const READ_STREAM_KEYS = [
  'autoClose',
  'emitClose',
  'encoding',
  'fd',
  'flags',
  'fs',
  'highWaterMark',
  'mode',
  'signal',
] as const;

/** Options as each request reads them. */
export interface CompiledOptions {
  readonly acceptRanges: boolean;
  /** The `Cache-Control` value, or `null` when `cacheControl` is false. */
  readonly cacheControl: string | null;
  readonly dotfiles: Dotfiles;
  readonly end: number | undefined;
  readonly etag: boolean;
  readonly extensions: readonly string[];
  readonly headers: HeadersObject | null;
  readonly index: readonly string[];
  readonly lastModified: boolean;
  /** `max-age` in milliseconds, after clamping. */
  readonly maxAge: number;
  /** The resolved root, or `null`. */
  readonly root: string | null;
  readonly start: number;
  /** Extra `fs.createReadStream` options, or `null` when there are none. */
  readonly streamOptions: ReadStreamOptions | null;
}

/**
 * An option list (`index`, `extensions`) as an array: a string is a list of one, a falsy value
 * the empty list.
 * @throws {TypeError} `<name> must be array of strings or false` for anything else.
 */
function normalizeList(value: unknown, name: string): string[] {
  const list: unknown[] = ([] as unknown[]).concat(value || []);
  for (let i = 0; i < list.length; i++) {
    if (typeof list[i] !== 'string') throw new TypeError(`${name} must be array of strings or false`);
  }
  return list as string[];
}

/**
 * `maxAge` (or `maxage`) in milliseconds: a number, or a time-span string; clamped to
 * 0..1 year; anything unreadable is 0.
 */
export function maxAgeOf(value: unknown): number {
  const ms = typeof value === 'string' ? parseTimeSpan(value) : Number(value);
  return ms !== undefined && !Number.isNaN(ms) ? Math.min(Math.max(0, ms), MAX_MAXAGE) : 0;
}

/** Resolved absolute roots: `res.sendFile(path, { root })` compiles its options on every call. */
const roots = new Map<string, string>();
/** Entries kept before the cache starts over. */
const MAX_ROOTS = 256;

/** `path.resolve(root)`, remembered for absolute roots (which do not depend on the working directory). */
function resolveRoot(root: string): string {
  if (!isAbsolute(root)) return resolve(root);
  let resolved = roots.get(root);
  if (resolved === undefined) {
    if (roots.size >= MAX_ROOTS) roots.clear();
    resolved = resolve(root);
    roots.set(root, resolved);
  }
  return resolved;
}

/**
 * Validates `send()`'s options and computes what each request needs. Options are read as send
 * reads them: own and inherited properties (serve-static and Express pass `Object.create(opts)`).
 *
 * @throws {TypeError} `dotfiles option must be "allow", "deny", or "ignore"`,
 *   `extensions option must be array of strings or false`, `index option must be array of strings or false`.
 */
export function compileOptions(options: SendOptions | null | undefined): CompiledOptions {
  const opts: SendOptions = options || {};

  const dotfiles = opts.dotfiles !== undefined ? opts.dotfiles : 'ignore';
  if (dotfiles !== 'ignore' && dotfiles !== 'allow' && dotfiles !== 'deny') {
    throw new TypeError('dotfiles option must be "allow", "deny", or "ignore"');
  }
  const extensions = opts.extensions !== undefined ? normalizeList(opts.extensions, 'extensions option') : [];
  const index = opts.index !== undefined ? normalizeList(opts.index, 'index option') : ['index.html'];

  const maxAge = maxAgeOf(opts.maxAge || opts.maxage);
  const immutable = opts.immutable !== undefined ? Boolean(opts.immutable) : false;
  const cacheControl =
    opts.cacheControl !== undefined && !opts.cacheControl
      ? null
      : `public, max-age=${Math.floor(maxAge / 1000)}${immutable ? ', immutable' : ''}`;

  let streamOptions: Record<string, unknown> | null = null;
  for (const key of READ_STREAM_KEYS) {
    const value = opts[key];
    if (value !== undefined) (streamOptions ??= {})[key] = value;
  }

  const headers = opts.headers;
  return {
    acceptRanges: opts.acceptRanges !== undefined ? Boolean(opts.acceptRanges) : true,
    cacheControl,
    dotfiles,
    end: opts.end,
    etag: opts.etag !== undefined ? Boolean(opts.etag) : true,
    extensions,
    headers: headers && typeof headers === 'object' ? headers : null,
    index,
    lastModified: opts.lastModified !== undefined ? Boolean(opts.lastModified) : true,
    maxAge,
    root: opts.root ? resolveRoot(opts.root) : null,
    start: opts.start || 0,
    streamOptions: streamOptions as ReadStreamOptions | null,
  };
}

/** The compiled defaults, shared by every `send(req, path)` without options. */
export const DEFAULT_OPTIONS: CompiledOptions = compileOptions(undefined);
