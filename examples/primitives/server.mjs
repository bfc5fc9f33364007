// The demo until the brisk app exists: a plain node:http server built only from the brisk
// foundation packages. `pnpm demo` starts it; test/demo.test.ts drives it over HTTP.
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createError, escapeHtml, etag, fresh, contentDisposition, onFinished, parseurl, statuses } from '@brisk/http';
import { parse as parseCookies, serialize, sign, unsign } from '@brisk/cookie';
import { contentType } from '@brisk/mime';
import rangeParser from '@brisk/range';
import bytes from '@brisk/bytes';

const PUBLIC = path.join(path.dirname(fileURLToPath(import.meta.url)), 'public');
const SECRET = process.env.DEMO_SECRET || 'brisk demo secret';

function send(res, status, type, body, headers) {
  const buf = Buffer.from(body);
  res.writeHead(status, { 'Content-Type': contentType(type), 'Content-Length': buf.length, ...headers });
  res.end(buf);
}

function sendFile(req, res, name, download) {
  const file = path.join(PUBLIC, name);
  // decoded once, then checked against the root
  if (!file.startsWith(PUBLIC + path.sep)) throw createError(403);
  let stats;
  try {
    stats = fs.statSync(file);
  } catch {
    throw createError(404, `no file named ${name}`);
  }
  if (!stats.isFile()) throw createError(404, `no file named ${name}`);
  const headers = {
    'Content-Type': contentType(path.extname(file)) || 'application/octet-stream',
    'Accept-Ranges': 'bytes',
    ETag: etag(stats),
    'Last-Modified': stats.mtime.toUTCString(),
  };
  if (download) headers['Content-Disposition'] = contentDisposition(name);
  if (fresh(req.headers, { etag: headers.ETag, 'last-modified': headers['Last-Modified'] })) {
    res.writeHead(304, { ETag: headers.ETag, 'Last-Modified': headers['Last-Modified'] });
    return res.end();
  }
  let start = 0;
  let end = stats.size - 1;
  let status = 200;
  if (req.headers.range) {
    const ranges = rangeParser(stats.size, req.headers.range, { combine: true });
    if (ranges === -1) {
      res.writeHead(416, { 'Content-Range': `bytes */${stats.size}` });
      return res.end();
    }
    if (ranges !== -2 && ranges.length === 1) {
      ({ start, end } = ranges[0]);
      status = 206;
      headers['Content-Range'] = `bytes ${start}-${end}/${stats.size}`;
    }
  }
  headers['Content-Length'] = stats.size === 0 ? 0 : end - start + 1;
  res.writeHead(status, headers);
  if (req.method === 'HEAD' || stats.size === 0) return res.end();
  fs.createReadStream(file, { start, end }).pipe(res);
}

function handle(req, res) {
  const url = parseurl(req);
  const query = new URLSearchParams(url.query || '');
  const pathname = decodeURIComponent(url.pathname);
  if (req.method !== 'GET' && req.method !== 'HEAD') throw createError(405, { headers: { Allow: 'GET, HEAD' } });
  if (pathname === '/') return sendFile(req, res, 'index.html', false);
  if (pathname === '/hello') {
    const name = query.get('name') || 'world';
    return send(res, 200, 'html', `<!doctype html><p>Hello, ${escapeHtml(name)}!</p>`);
  }
  if (pathname === '/visits') {
    const raw = parseCookies(req.headers.cookie || '').visits;
    const previous = raw ? unsign(raw, SECRET) : false;
    const visits = (previous === false ? 0 : Number(previous)) + 1;
    const cookie = serialize('visits', sign(String(visits), SECRET), {
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      maxAge: 3600,
    });
    return send(res, 200, 'json', JSON.stringify({ visits, tampered: Boolean(raw) && previous === false }), {
      'Set-Cookie': cookie,
    });
  }
  if (pathname === '/size') {
    const value = query.get('value') || '';
    const parsed = bytes.parse(value);
    if (parsed === null) throw createError(400, `invalid byte size: ${value}`);
    return send(
      res,
      200,
      'json',
      JSON.stringify({ value, bytes: parsed, formatted: bytes.format(parsed, { unitSeparator: ' ' }) }),
    );
  }
  if (pathname.startsWith('/files/'))
    return sendFile(req, res, pathname.slice('/files/'.length), query.has('download'));
  throw createError(404, `Cannot ${req.method} ${pathname}`);
}

/** Creates the demo server; `log` receives one line a finished request. */
export function createServer(log = () => {}) {
  return http.createServer((req, res) => {
    const started = process.hrtime.bigint();
    onFinished(res, () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      log(`${req.method} ${req.url} ${res.statusCode} ${statuses.message[res.statusCode]} ${ms.toFixed(1)} ms`);
    });
    try {
      handle(req, res);
    } catch (err) {
      const e = err instanceof URIError ? createError(400, 'malformed URL') : err;
      const status = e.status || 500;
      const message = e.expose ? e.message : statuses.message[status];
      send(res, status, 'html', `<!doctype html><p>${status}: ${escapeHtml(message)}</p>`, e.headers);
    }
  });
}
