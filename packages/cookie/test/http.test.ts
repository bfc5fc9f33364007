import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { serve, type TestServer } from '../../../test/support/http.js';
import { parse, serialize, sign, unsign } from '../src/index.js';

const SECRET = 'keyboard cat';

async function get(server: TestServer, cookie: string): Promise<{ status: number; setCookie: string[]; body: string }> {
  const res = await server.get('/', { cookie });
  return { status: res.status, setCookie: res.headers['set-cookie'] ?? [], body: res.body };
}

test('over real HTTP: parse the Cookie header, sign and set cookies', async () => {
  const server = await serve((req: IncomingMessage, res: ServerResponse) => {
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
  try {
    const first = await get(server, 'visits=1; theme="dark"; name=J%C3%BCrgen; __proto__=x; bad=%E0%A4%A');
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
    const second = JSON.parse((await get(server, jar)).body) as { visits: number; session: unknown };
    assert.equal(second.visits, 3);
    assert.equal(second.session, 'user 42');

    // A tampered session does not.
    const tampered = jar.replace('user%2042', 'user%2043');
    assert.equal((JSON.parse((await get(server, tampered)).body) as { session: unknown }).session, false);
  } finally {
    await server.close();
  }
});
