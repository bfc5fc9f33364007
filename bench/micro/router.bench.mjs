// @brisk/router against router 2.3.0 (the router inside express 5): one request dispatched
// synchronously to the handler that ends it, per call. Routers are built once, as at start-up.
//
// `node micro/run.mjs router` times both side by side with the shared harness. With
// ROUTER_BENCH=alone, each case and each router is also timed alone, in a process of its own
// (median CPU time of 7 batches): the interleaved harness lets one router's garbage collection
// and polluted inline caches land on the other's batches.
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { compare } from './harness.mjs';
import BriskRouter from '@brisk/router';

const UpstreamRouter = createRequire(import.meta.url)('router');

let ended = 0;
const res = {
  end() {
    ended++;
  },
  setHeader() {},
  getHeader() {},
};
const done = (err) => {
  throw err || new Error('not handled');
};
const ok = (req, res) => res.end();
const pass = (req, res, next) => next();

// A request as node + an app would hand it over: every field the router writes is declared.
function request(method, url) {
  return {
    method,
    url,
    headers: {},
    originalUrl: undefined,
    baseUrl: undefined,
    params: undefined,
    next: undefined,
    route: undefined,
    _parsedUrl: undefined,
  };
}

const scenarios = [
  {
    name: '300 routes: GET /api/v1/resource87/42',
    url: '/api/v1/resource87/42',
    build(Router) {
      const router = Router();
      for (let i = 0; i < 100; i++) {
        router.get(`/api/v1/resource${i}/:id`, ok);
        router.post(`/api/v1/resource${i}`, ok);
        router.put(`/api/v1/resource${i}/:id`, ok);
      }
      return router;
    },
  },
  {
    name: 'GET / with 1 middleware',
    url: '/',
    build(Router) {
      const router = Router();
      router.use(pass);
      router.get('/', ok);
      return router;
    },
  },
  {
    name: 'sub-router on /users/:uid, GET /users/7/posts/9',
    url: '/users/7/posts/9',
    build(Router) {
      const router = Router();
      const users = Router({ mergeParams: true });
      users.get('/posts/:pid', ok);
      router.use('/users/:uid', users);
      return router;
    },
  },
];

/** Builds a scenario's router and checks once that it answers. */
function make(scenario, Router) {
  const router = scenario.build(Router);
  const before = ended;
  router(request('GET', scenario.url), res, done);
  if (ended !== before + 1) throw new Error(`${scenario.name}: not handled`);
  return router;
}

/** Child process: time one scenario with one router, print ns/op. */
function alone(index, which) {
  const s = scenarios[index];
  const router = make(s, which === 'brisk' ? BriskRouter : UpstreamRouter);
  const n = which === 'brisk' ? 500_000 : 100_000;
  const times = [];
  for (let batch = 0; batch < 8; batch++) {
    const start = process.cpuUsage();
    for (let i = 0; i < n; i++) router(request('GET', s.url), res, done);
    const used = process.cpuUsage(start);
    if (batch > 0) times.push(((used.user + used.system) * 1e3) / n); // the first batch warms up
  }
  times.sort((a, b) => a - b);
  process.stdout.write(String(times[times.length >> 1]));
}

const child = process.env.ROUTER_BENCH_CHILD;
if (child) {
  const [index, which] = child.split(':');
  alone(Number(index), which);
} else {
  compare(
    '@brisk/router vs router@2.3.0',
    scenarios.map((s) => {
      const b = make(s, BriskRouter);
      const u = make(s, UpstreamRouter);
      return {
        name: s.name,
        brisk: () => b(request('GET', s.url), res, done),
        upstream: () => u(request('GET', s.url), res, done),
      };
    }),
  );
  if (process.env.ROUTER_BENCH === 'alone') {
    const file = fileURLToPath(import.meta.url);
    const run = (i, which) =>
      Number(
        execFileSync(process.execPath, [file], {
          env: { ...process.env, ROUTER_BENCH_CHILD: `${i}:${which}` },
        }).toString(),
      );
    console.log(
      '\n#### each alone, in its own process (median CPU time)\n\n| case | brisk ns/op | upstream ns/op | upstream / brisk |\n|:--|--:|--:|--:|',
    );
    scenarios.forEach((s, i) => {
      const b = run(i, 'brisk');
      const u = run(i, 'upstream');
      console.log(`| ${s.name} | ${b.toFixed(0)} | ${u.toFixed(0)} | ${(u / b).toFixed(2)}x |`);
    });
  }
}
