// Test helpers: a fixture directory with fixed modification times, and a server on 127.0.0.1
// that answers 599 when the handler throws (served and requested through test/support/http.ts).
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve as serveListener, type Reply, type TestServer } from '../../../test/support/http.js';

/** The modification time of every fixture file. */
export const MTIME = new Date('2024-01-02T03:04:05Z');
/** `Last-Modified` of the fixtures. */
export const LAST_MODIFIED = 'Tue, 02 Jan 2024 03:04:05 GMT';
/** `MTIME` in ms, hex (the second half of a weak ETag). */
export const MTIME_HEX = '18cc820d888';
/** The weak ETag of `a.txt` (11 bytes). */
export const A_ETAG = `W/"b-${MTIME_HEX}"`;
/** The size of `big.bin`: more than one 64 KiB read. */
export const BIG_SIZE = 200_000;
/** The content of `big.bin`: byte i is `'0123456789'[i % 10]`. */
export const BIG = Buffer.alloc(BIG_SIZE, '0123456789');

/** The files below the served root (`public/`). */
const FILES: Record<string, string> = {
  'a.txt': 'hello world',
  'empty.txt': '',
  'index.html': '<p>root index</p>',
  'page.html': '<h1>page</h1>',
  'data.json': '{"a":1}',
  noext: 'no extension',
  'unknown.zzzq': 'unknown type',
  'dir/index.html': '<p>dir index</p>',
  'dir/index.htm': '<p>htm index</p>',
  'dir.d/index.htm': '<p>only htm</p>',
  '.env': 'SECRET=1',
  '.git/config': '[core]',
  'a/.hidden/b.txt': 'hidden b',
  'a/b/c.txt': 'deep c',
  '.well-known/x.txt': 'well known',
  'sp ace.txt': 'space',
  'caf\u00e9.txt': 'cafe',
  'back\\slash.txt': 'backslash in the name',
  'html.html/index.html': 'a directory named like a file',
};

/** Paths of the fixture tree. */
export interface Fixture {
  /** The temporary directory holding everything. */
  base: string;
  /** The served root: `<base>/public`. */
  root: string;
  /** A file outside the root: `<base>/secret.txt`. */
  outside: string;
  /** A root that itself lies under a dot directory: `<base>/.dotdir/pub` (holds `file.txt`). */
  dotRoot: string;
  /** Removes the tree. */
  remove(): void;
}

/** Creates the fixture tree in a new temporary directory. */
export function createFixture(): Fixture {
  const base = mkdtempSync(join(tmpdir(), 'brisk-static-'));
  const root = join(base, 'public');
  const dotRoot = join(base, '.dotdir', 'pub');
  const files: Record<string, string | Buffer> = { ...FILES };
  const write = (path: string, content: string | Buffer): void => {
    mkdirSync(join(path, '..'), { recursive: true });
    writeFileSync(path, content);
    utimesSync(path, MTIME, MTIME);
  };
  for (const [name, content] of Object.entries(files)) write(join(root, name), content);
  write(join(root, 'big.bin'), BIG);
  for (const dir of ['dir/sub', 'evil.com/x', 'noindex', "a&b'<c>"]) mkdirSync(join(root, dir), { recursive: true });
  write(join(base, 'secret.txt'), 'outside the root');
  write(join(dotRoot, 'file.txt'), 'in a dot root');
  symlinkSync(join(base, 'secret.txt'), join(root, 'link.txt'));
  symlinkSync('loop.txt', join(root, 'loop.txt')); // stat fails with ELOOP: a server error
  return {
    base,
    root,
    outside: join(base, 'secret.txt'),
    dotRoot,
    remove: () => rmSync(base, { recursive: true, force: true }),
  };
}

/** A response as the client saw it (the shared helper's). */
export type { Reply, TestServer };

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** Starts a server on 127.0.0.1 running `handler`; uncaught handler errors answer 599. */
export function serve(handler: Handler): Promise<TestServer> {
  return serveListener((req: IncomingMessage, res: ServerResponse) => {
    try {
      handler(req, res);
    } catch (err) {
      res.statusCode = 599;
      res.end(`THROWN ${(err as Error).message}`);
    }
  });
}

/** Runs `fn` against a server running `handler`, and closes it. */
export async function withServer(handler: Handler, fn: (server: TestServer) => Promise<void>): Promise<void> {
  const server = await serve(handler);
  try {
    await fn(server);
  } finally {
    await server.close();
  }
}

/** The headers of a reply without the ones node adds (`date`, `connection`, `keep-alive`). */
export function ownHeaders(reply: Reply): Record<string, string | string[] | undefined> {
  const { date, connection, 'keep-alive': keepAlive, ...rest } = reply.headers;
  void date;
  void connection;
  void keepAlive;
  return rest;
}

/** The HTML page send answers errors with (status message escaped). */
export function errorPage(message: string): string {
  return (
    '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Error</title>\n</head>\n' +
    `<body>\n<pre>${message}</pre>\n</body>\n</html>\n`
  );
}

/** The HTML page of a redirect to `location` (escaped). */
export function redirectPage(location: string): string {
  return (
    '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Redirecting</title>\n</head>\n' +
    `<body>\n<pre>Redirecting to ${location}</pre>\n</body>\n</html>\n`
  );
}
