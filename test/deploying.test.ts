// docs/deploying.md's claims about NODE_ENV, trust proxy and keepAliveTimeout, over real HTTP. (Its other claims
// are checked where they live: test/server-timeouts.test.ts, test/shutdown.test.ts and
// test/redis-cluster.test.ts.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import brisk from 'briskjs';
import { serve } from './support/http.js';

/** Makes an app with NODE_ENV set to `env` (or unset), as a process started so would. */
function appWithEnv(env: string | undefined): ReturnType<typeof brisk> {
  const saved = process.env.NODE_ENV;
  if (env === undefined) delete process.env.NODE_ENV;
  else process.env.NODE_ENV = env;
  try {
    return brisk();
  } finally {
    if (saved === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = saved;
  }
}

function failing(env: string | undefined): ReturnType<typeof brisk> {
  const app = appWithEnv(env);
  app.get('/', () => {
    throw new Error('database password is hunter2');
  });
  return app;
}

test('without NODE_ENV=production the default error page shows the stack trace; with it, only the status text', async () => {
  const logged: unknown[] = [];
  const saved = console.error;
  console.error = (...args: unknown[]) => void logged.push(args);
  try {
    const dev = await serve(failing(undefined));
    const devPage = await dev.get('/');
    await dev.close();
    assert.equal(devPage.status, 500);
    assert.match(devPage.body, /Error: database password is hunter2<br> &nbsp; &nbsp;at /);

    const prod = await serve(failing('production'));
    const prodPage = await prod.get('/');
    await prod.close();
    assert.equal(prodPage.status, 500);
    assert.match(prodPage.body, /<pre>Internal Server Error<\/pre>/);
    assert.doesNotMatch(prodPage.body, /hunter2|at /);
  } finally {
    console.error = saved;
  }
});

test('NODE_ENV=production turns the view cache on (templates compiled once)', () => {
  assert.equal(appWithEnv('production').enabled('view cache'), true);
  assert.equal(appWithEnv(undefined).enabled('view cache'), false);
});

test('trust proxy: req.ip, req.protocol and req.hostname come from X-Forwarded-* only through trusted proxies', async () => {
  const seen = (trust: unknown) => {
    const app = brisk();
    if (trust !== undefined) app.set('trust proxy', trust);
    app.get('/', (req, res) => {
      res.json({ ip: req.ip, protocol: req.protocol, hostname: req.hostname, secure: req.secure });
    });
    return app;
  };
  const headers = {
    host: 'internal:8080',
    'x-forwarded-for': '203.0.113.7, 10.0.0.2',
    'x-forwarded-proto': 'https',
    'x-forwarded-host': 'shop.example',
  };
  const ask = async (trust: unknown) => {
    const s = await serve(seen(trust));
    try {
      return JSON.parse((await s.get('/', headers)).body);
    } finally {
      await s.close();
    }
  };
  // not set: the socket's address, and headers anyone can send are ignored
  assert.deepEqual(await ask(undefined), {
    ip: '127.0.0.1',
    protocol: 'http',
    hostname: 'internal',
    secure: false,
  });
  // the load balancer on loopback: the hop it saw (10.0.0.2, not trusted) is the client
  assert.deepEqual(await ask('loopback'), {
    ip: '10.0.0.2',
    protocol: 'https',
    hostname: 'shop.example',
    secure: true,
  });
  // loopback and the private network trusted: the client's own address
  assert.equal((await ask('loopback, 10.0.0.0/8')).ip, '203.0.113.7');
  // a hop count: the address one hop before the load balancer
  assert.equal((await ask(1)).ip, '10.0.0.2');
});

test("keepAliveTimeout set on app.listen's server governs how long an idle keep-alive connection stays open", async () => {
  const app = brisk();
  app.get('/', (_req, res) => {
    res.send('ok');
  });
  const idleFor = async (keepAliveTimeout: number, waitMs: number): Promise<boolean> => {
    const server = app.listen(0, '127.0.0.1');
    await once(server, 'listening');
    server.keepAliveTimeout = keepAliveTimeout;
    server.headersTimeout = keepAliveTimeout + 1_000;
    const agent = new http.Agent({ keepAlive: true });
    try {
      const socket = await new Promise<Socket>((resolve, reject) => {
        http
          .get({ host: '127.0.0.1', port: (server.address() as AddressInfo).port, agent }, (res) => {
            const s = res.socket;
            res.resume();
            res.on('end', () => resolve(s));
          })
          .on('error', reject);
      });
      await new Promise((resolve) => setTimeout(resolve, waitMs));
      return !socket.destroyed;
    } finally {
      agent.destroy();
      server.closeAllConnections();
      server.close();
    }
  };
  assert.equal(await idleFor(200, 1_000), false, 'closed by the server after 200 ms idle');
  assert.equal(await idleFor(65_000, 1_000), true, 'still open after 1 s with 65 s');
});
