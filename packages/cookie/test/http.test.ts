import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parse, serialize, sign, unsign } from '../src/index.js';

const SECRET = 'keyboard cat';

function listen(server: Server): Promise<number> {
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
}

function get(port: number, cookie: string): Promise<{ status: number; setCookie: string[]; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: '/', headers: { cookie } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, setCookie: res.headers['set-cookie'] ?? [], body }));
    });
    req.on('error', reject);
    req.end();
  });
}

test('over real HTTP: parse the Cookie header, sign and set cookies', async () => {
  const server = createServer((req, res) => {
    const cookies = parse(req.headers.cookie ?? '');
    const visits = Number(cookies.visits ?? 0) + 1;
    const session = cookies.sid === undefined ? false : unsign(cookies.sid, SECRET);
    res.setHeader('Set-Cookie', [
      serialize('visits', String(visits), { path: '/', maxAge: 60, httpOnly: true, sameSite: 'lax' }),
      serialize('sid', sign('user 42', SECRET), { path: '/', secure: true }),
    ]);
    res.setHeader('Content-Type', 'application/json');
    res.end(JSON.stringify({ cookies: { ...cookies }, visits, session }));
  });
  const port = await listen(server);
  try {
    const first = await get(port, 'visits=1; theme="dark"; name=J%C3%BCrgen; __proto__=x; bad=%E0%A4%A');
    assert.equal(first.status, 200);
    assert.deepEqual(first.setCookie, [
      'visits=2; Max-Age=60; Path=/; HttpOnly; SameSite=Lax',
      'sid=user%2042.y2O6R57a0SCRmPXIHdMtm9XY9ifBt4x%2FkU7w3GAdwl4; Path=/; Secure',
    ]);
    const body = JSON.parse(first.body) as { cookies: Record<string, string>; visits: number; session: unknown };
    assert.deepEqual(body.cookies, { visits: '1', theme: 'dark', name: 'Jürgen', ['__proto__']: 'x', bad: '%E0%A4%A' });
    assert.equal(body.visits, 2);
    assert.equal(body.session, false);

    // Send the cookies back as a browser would: the signed session now verifies.
    const jar = first.setCookie.map((line) => line.slice(0, line.indexOf(';'))).join('; ');
    const second = JSON.parse((await get(port, jar)).body) as { visits: number; session: unknown };
    assert.equal(second.visits, 3);
    assert.equal(second.session, 'user 42');

    // A tampered session does not.
    const tampered = jar.replace('user%2042', 'user%2043');
    assert.equal((JSON.parse((await get(port, tampered)).body) as { session: unknown }).session, false);
  } finally {
    server.closeIdleConnections?.();
    server.close();
  }
});
