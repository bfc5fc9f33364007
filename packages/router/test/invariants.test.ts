// The dispatch's invariants (src/dispatch.ts, `checkInvariants`) hold at every step of every
// behaviour the router's tests drive, and `NODE_DEBUG=brisk:router` traces dispatches: both only
// in a process started with that variable (node reads it once), so these tests start one.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { INDEX, checkInvariants } from '../src/dispatch.js';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const NODE = [process.execPath, '--conditions=@brisk/source', '--import', 'tsx'];

/** This process's environment, with the trace on and without node:test's and c8's markers (the child is a run of its own). */
function childEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_DEBUG: 'brisk:router' };
  delete env.NODE_TEST_CONTEXT;
  delete env.NODE_V8_COVERAGE;
  return env;
}

function run(args: string[]): { status: number | null; out: string } {
  const child = spawnSync(NODE[0], [...NODE.slice(1), ...args], {
    cwd: root,
    env: childEnv(),
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { status: child.status, out: `${child.stdout}\n${child.stderr}` };
}

test('the behaviour tables and the dispatch tests pass with the invariants checked at every step', () => {
  const { status, out } = run([
    '--test',
    '--test-reporter=tap',
    'packages/router/test/router.test.ts',
    'packages/router/test/dispatch.test.ts',
  ]);
  assert.doesNotMatch(out, /invariant broken/);
  assert.match(out, /^# fail 0$/m, out.slice(-2000));
  assert.equal(status, 0);
  // The checks ran: the debug trace is on
  assert.match(out, /BRISK:ROUTER \d+: dispatch GET /);
});

test('NODE_DEBUG=brisk:router traces the dispatch, each layer run with its pattern, and the end', () => {
  const script = `
    import http from 'node:http';
    import Router from '@brisk/router';
    const router = Router();
    router.use(function logger(req, res, next) { next(); });
    router.get('/users/:id', function showUser(req, res) { res.end(req.params.id); });
    const server = http.createServer((req, res) => router(req, res, () => { res.statusCode = 404; res.end(); }));
    server.listen(0, '127.0.0.1', () => {
      http.get({ port: server.address().port, host: '127.0.0.1', path: '/users/7?x=1' }, (res) => {
        res.resume().on('end', () => { process.stdout.write('status ' + res.statusCode); server.close(); });
      });
    });`;
  const { status, out } = run(['--input-type=module', '-e', script]);
  assert.equal(status, 0, out);
  assert.match(out, /status 200/);
  assert.match(out, /BRISK:ROUTER \d+: dispatch GET \/users\/7\?x=1 \(2 layers\)/);
  assert.match(out, /BRISK:ROUTER \d+: GET \/users\/7: layer logger \//);
  assert.match(out, /BRISK:ROUTER \d+: GET \/users\/7: layer \S+ \/users\/:id/);
});

test('checkInvariants names the part whose invariant a state breaks', () => {
  const stack = [{}, {}];
  const index = { stack, length: 2 };
  const good = () => {
    const req = { url: '/a?b', method: 'GET' };
    return {
      req,
      router: { stack, [INDEX]: index },
      stack,
      idx: 1,
      ci: 1,
      cands: { pos: [0, 1], layers: stack },
      index,
      seenUrl: req.url as unknown,
      path: '/a',
      pathIsUrlPrefix: true,
      seenMethod: 'GET',
      method: 'get',
      everyRoute: false,
      allow: undefined,
      routeStack: undefined as unknown,
      mount: undefined as unknown,
      pending: undefined as unknown,
    };
  };
  assert.doesNotThrow(() => checkInvariants(good() as never));
  const broken: Array<[string, (d: ReturnType<typeof good>) => void]> = [
    ['position', (d) => (d.idx = 0)],
    ['position', (d) => (d.ci = 3)],
    ['location', (d) => (d.req.url = '/other')],
    ['location', (d) => (d.path = '/b')],
    ['location', (d) => (d.router[INDEX] = { stack, length: 2 })],
    [
      'location',
      (d) => {
        d.ci = 0;
        d.cands = { pos: [1, 0], layers: stack };
      },
    ],
    ['method', (d) => (d.method = 'post')],
    ['method', (d) => (d.everyRoute = true)],
    ['route walk', (d) => (d.routeStack = [])],
    ['mount', (d) => (d.mount = { removed: '/x', slashAdded: false })],
    ['params', (d) => (d.pending = {})],
  ];
  for (const [part, breakIt] of broken) {
    const d = good();
    breakIt(d);
    assert.throws(() => checkInvariants(d as never), new RegExp(`invariant broken \\(${part}\\)`), breakIt.toString());
  }
});
