// The HTTP/2 load generator, run by bench/h2.mjs as its own process (pinned to its own core where
// taskset exists), written on node:http2 because no load generator on the npm registry speaks
// HTTP/2 (autocannon and loadtest are HTTP/1.1 only; see bench/README.md, "HTTP/2").
//
// Closed loop: `sessions` HTTP/2 connections (h2c, prior knowledge), each keeping `streams`
// requests in flight; as soon as one answers, the next is sent on the same session, until
// `duration` seconds have passed. Counted in that window: responses read to their end with a 2xx
// status (and, with `expectBytes`, exactly that many body bytes), non-2xx responses, errors (a
// stream or session error, a stream reset, a body of the wrong length) and timeouts (no end within
// `timeoutS`). Latency, from the request sent to the response's last byte, goes into node's
// HDR histogram (perf_hooks.createHistogram), in microseconds; p50, p99 and max are reported.
// Requests still in flight at the deadline are let finish (up to `timeoutS`) but not counted.
//
// Two ways to run it:
// - `node bench/load-h2.mjs '{"origin":"http://127.0.0.1:3000","path":"/","sessions":10,"streams":10,"duration":3}'`
//   connects, loads once, prints one JSON line:
//   { completed, durationS, p50Ms, p99Ms, maxMs, non2xx, errors, timeouts, sessions, streams }.
// - As a child with an IPC channel (bench/h2.mjs): connects, says { type: 'ready' }, then answers
//   each { type: 'run', duration } with { type: 'result', ... } on the same sessions, until
//   { type: 'exit' }. The warm-up and the measured run then share one process, so the measured
//   run does not pay for the generator's own JIT warm-up.
import http2 from 'node:http2';
import { createHistogram, performance } from 'node:perf_hooks';

const options = JSON.parse(process.argv[2]);
const {
  origin,
  path = '/',
  method = 'GET',
  headers = {},
  body,
  sessions = 10,
  streams = 10,
  duration = 3,
  timeoutS = 10,
  expectBytes,
} = options;

const requestHeaders = { ...headers, ':method': method, ':path': path };
const requestOptions = { endStream: body === undefined };
const payload = body === undefined ? undefined : Buffer.from(body);
const now = () => performance.now() * 1000; // µs

function connect() {
  return new Promise((resolve, reject) => {
    const session = http2.connect(origin);
    session.once('connect', () => {
      session.off('error', reject);
      resolve(session);
    });
    session.once('error', reject);
  });
}

/** The run under way: its counts, histogram and deadline (one at a time). */
let current;
function newRun(seconds) {
  const run = {
    counts: { completed: 0, non2xx: 0, errors: 0, timeouts: 0 },
    histogram: createHistogram(),
    deadline: now() + seconds * 1e6,
    /** Request loops still running: each sends its next request when one ends, until the deadline. */
    loops: 0,
    /** Requests in flight, for the timeout sweep. */
    open: new Set(),
    settle: undefined,
  };
  run.settled = new Promise((resolve) => (run.settle = resolve));
  return run;
}

const clients = await Promise.all(Array.from({ length: sessions }, connect));
// A session that fails counts one error; its streams fail on their own, each counted once.
for (const session of clients) {
  session.on('error', () => current && current.counts.errors++);
  session.on('goaway', () => current && current.counts.errors++);
}

/** One request and its response. The stream's listeners are shared functions, not closures. */
class Exchange {
  constructor(run, session, stream, sentAt) {
    this.run = run;
    this.session = session;
    this.stream = stream;
    this.sentAt = sentAt;
    this.status = 0;
    this.bytes = 0;
    this.failed = false;
    this.timedOut = false;
  }
}
const kExchange = Symbol('exchange');
function onResponse(responseHeaders) {
  this[kExchange].status = responseHeaders[':status'];
}
function onData(chunk) {
  this[kExchange].bytes += chunk.length;
}
function onError() {
  this[kExchange].failed = true;
}
/** 'close' comes last, after 'end' or 'error', or alone for a stream reset with no error code. */
function onClose() {
  const x = this[kExchange];
  const { run } = x;
  run.open.delete(x);
  const endedAt = now();
  if (endedAt <= run.deadline) {
    const { counts } = run;
    if (x.timedOut) counts.timeouts++;
    else if (x.failed || !this.readableEnded || (expectBytes !== undefined && x.bytes !== expectBytes)) counts.errors++;
    else if (x.status < 200 || x.status > 299) counts.non2xx++;
    else {
      counts.completed++;
      run.histogram.record(Math.max(1, Math.round(endedAt - x.sentAt)));
    }
  }
  send(run, x.session); // the next request takes this one's place
}

function send(run, session) {
  if (session.destroyed || session.closed || now() >= run.deadline) {
    if (--run.loops === 0) run.settle();
    return;
  }
  const sentAt = now();
  const stream = session.request(requestHeaders, requestOptions);
  if (payload !== undefined) stream.end(payload);
  const x = new Exchange(run, session, stream, sentAt);
  stream[kExchange] = x;
  run.open.add(x);
  stream.on('response', onResponse);
  stream.on('data', onData);
  stream.on('error', onError);
  stream.on('close', onClose);
}

/** Loads for `seconds`; resolves with the result once the requests in flight at the deadline have ended. */
async function load(seconds) {
  const run = newRun(seconds);
  current = run;
  // Timeouts by a sweep once a second rather than a timer per request (timers would cost the
  // generator's own CPU per request).
  const sweep = setInterval(() => {
    const limit = now() - timeoutS * 1e6;
    for (const x of run.open) {
      if (x.sentAt < limit) {
        x.timedOut = true;
        x.stream.close(http2.constants.NGHTTP2_CANCEL);
      }
    }
  }, 1000);
  run.loops = sessions * streams;
  for (const session of clients) for (let i = 0; i < streams; i++) send(run, session);
  await run.settled;
  clearInterval(sweep);
  const { counts, histogram } = run;
  const ms = (us) => Math.round(us / 100) / 10;
  return {
    completed: counts.completed,
    durationS: seconds,
    p50Ms: ms(histogram.percentile(50)),
    p99Ms: ms(histogram.percentile(99)),
    maxMs: ms(histogram.max),
    non2xx: counts.non2xx,
    errors: counts.errors,
    timeouts: counts.timeouts,
    sessions,
    streams,
  };
}

const closeAll = () => Promise.all(clients.map((session) => new Promise((resolve) => session.close(resolve))));

if (process.send) {
  process.on('message', async (message) => {
    if (message?.type === 'run') {
      process.send({ type: 'result', ...(await load(message.duration)) });
    } else if (message?.type === 'exit') {
      await closeAll();
      process.exit(0);
    }
  });
  process.on('disconnect', () => process.exit(0));
  process.send({ type: 'ready' });
} else {
  const result = await load(duration);
  await closeAll();
  process.stdout.write(`${JSON.stringify(result)}\n`);
}
