// res.location and res.redirect of a brisk app over HTTP: the Location header is encodeUrl's
// output, which keeps `\` as encodeurl 2 (and so Express 5) does, so the host a browser goes to
// is the host the application checked (the class of CVE-2024-29041, decision 007).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import brisk from '@brisk/app';
import { serve, type TestServer } from '../../../test/support/http.js';

/** The URL the application is asked to redirect to, by request: `?i=<index in TARGETS>`. */
const TARGETS: [target: string, location: string][] = [
  // backslashes are kept, wherever they are
  ['http://google.com\\@apple.com', 'http://google.com\\@apple.com'],
  ['http://google.com\\\\@apple.com', 'http://google.com\\\\@apple.com'],
  ['https://google.com\\@apple.com/path?x=\\#\\', 'https://google.com\\@apple.com/path?x=\\#\\'],
  ['http://localhost/\\', 'http://localhost/\\'],
  ['/foo\\bar', '/foo\\bar'],
  ['\\foo', '\\foo'],
  // what may not appear in a header or a URL is encoded
  ['http://localhost/\u0000', 'http://localhost/%00'],
  ['/\r\nSet-Cookie: a=1', '/%0D%0ASet-Cookie:%20a=1'],
  ['http://google.com/\\ \u0000', 'http://google.com/\\%20%00'],
  ['https://google.com?q=\u2603 \u00a710', 'https://google.com?q=%E2%98%83%20%C2%A710'],
  ['http://xn--bcher-kva.example/b\u00fccher', 'http://xn--bcher-kva.example/b%C3%BCcher'],
  ['data:text/javascript,export default () => { }', 'data:text/javascript,export%20default%20()%20=%3E%20%7B%20%7D'],
  // escapes are kept; a % that starts none is encoded
  ['https://google.com?q=%A710', 'https://google.com?q=%A710'],
  ['/foo%20bar%zz', '/foo%20bar%25zz'],
  ['/%5C', '/%5C'],
  // relative URLs stay relative
  ['../login', '../login'],
  ['//google.com', '//google.com'],
];

describe('res.location and res.redirect keep backslashes (encodeurl 2)', () => {
  let server: TestServer;
  before(async () => {
    const app = brisk();
    app.get('/location', (req, res) => {
      res.location(TARGETS[Number(req.query.i)][0]).end();
    });
    app.get('/redirect', (req, res) => {
      res.redirect(TARGETS[Number(req.query.i)][0]);
    });
    // an allow-list checked with the WHATWG URL parser, as browsers parse
    app.get('/allow-listed', (req, res) => {
      const target = String(req.query.to);
      if (new URL(target, 'http://site.example/').host === 'google.com') res.redirect(target);
      else res.status(400).end();
    });
    server = await serve(app);
  });
  after(() => server.close());

  TARGETS.forEach(([target, location], i) => {
    test(`res.location(${JSON.stringify(target)}) sends ${JSON.stringify(location)}`, async () => {
      const r = await server.get(`/location?i=${i}`);
      assert.equal(r.status, 200);
      assert.equal(r.headers.location, location);
    });
  });

  TARGETS.forEach(([target, location], i) => {
    test(`res.redirect(${JSON.stringify(target)}) answers 302 with ${JSON.stringify(location)}`, async () => {
      const r = await server.get(`/redirect?i=${i}`, { Accept: 'text/plain' });
      assert.equal(r.status, 302);
      assert.equal(r.headers.location, location);
      assert.equal(r.body, `Found. Redirecting to ${location}`);
    });
  });

  test('the host a browser follows is the host the allow-list checked', async () => {
    for (const to of [
      'http://google.com\\@apple.com',
      'http://google.com\\\\@apple.com/x',
      'https://google.com\\@apple.com',
    ]) {
      const r = await server.get(`/allow-listed?to=${encodeURIComponent(to)}`, { Accept: 'text/html' });
      assert.equal(r.status, 302, to);
      const location = r.headers.location as string;
      assert.equal(location, to);
      assert.equal(new URL(location, 'http://site.example/').host, 'google.com', to);
      // the page escapes it too
      assert.match(r.body, /Redirecting to http/);
    }
    const denied = await server.get(`/allow-listed?to=${encodeURIComponent('http://apple.com\\@google.com')}`);
    assert.equal(denied.status, 400);
  });
});
