// Runs the app as `WORKERS` processes (node:cluster) sharing one port, or as one process when
// WORKERS=1 (one process per container, the orchestrator running several containers).
// SIGTERM shuts down gracefully: readiness turns 503, after SHUTDOWN_DELAY ms the server stops
// accepting, the answers in flight finish (at most SHUTDOWN_TIMEOUT ms), then the Redis client
// closes and the process exits (0 when everything drained, 1 when the deadline cut connections).
//
//   REDIS_URL=redis://127.0.0.1:6379 SESSION_SECRET=... PORT=3000 WORKERS=4 node server.mjs
import cluster from 'node:cluster';
import { availableParallelism } from 'node:os';
import brisk from 'briskjs';
import { createClient } from 'redis';
import { createApp } from './app.mjs';

const env = process.env;
const workers = Number(env.WORKERS ?? availableParallelism());
const number = (name, fallback) => {
  const value = Number(env[name] ?? fallback);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a number >= 0`);
  return value;
};

if (cluster.isPrimary && workers > 1) {
  // The primary only forks, restarts crashed workers and forwards SIGTERM (which in a container
  // reaches PID 1 alone); node:cluster hands each new connection to a worker in turn.
  let stopping = false;
  let listening = 0;
  const fork = () => {
    const worker = cluster.fork();
    worker.on('listening', (address) => {
      if (++listening === workers) console.log(JSON.stringify({ listening: address.port, workers }));
    });
  };
  for (let i = 0; i < workers; i++) fork();
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    console.error(`worker ${worker.process.pid} died (${signal ?? code}), starting another`);
    fork();
  });
  const stop = () => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
} else {
  if (!env.SESSION_SECRET && env.NODE_ENV === 'production') throw new Error('SESSION_SECRET is required');
  const redis = createClient({ url: env.REDIS_URL ?? 'redis://127.0.0.1:6379' });
  redis.on('error', (err) => console.error('redis:', err.message));
  await redis.connect();

  const app = createApp({
    redis,
    secret: env.SESSION_SECRET ?? 'development secret',
    limit: number('RATE_LIMIT', 100),
    windowMs: number('RATE_WINDOW_MS', 60_000),
    trustProxy: env.TRUST_PROXY ?? 'loopback',
  });
  const server = app.listen(number('PORT', 3000), env.HOST ?? '0.0.0.0', () => {
    if (!cluster.isWorker) console.log(JSON.stringify({ listening: server.address().port, workers: 1 }));
  });

  let shutting = false;
  const stop = async () => {
    if (shutting) return;
    shutting = true;
    app.locals.stopping();
    // a second call would return the same promise; the flag keeps the Redis client closed once
    const drained = await brisk.shutdown(server, {
      delay: number('SHUTDOWN_DELAY', 0),
      timeout: number('SHUTDOWN_TIMEOUT', 10_000),
    });
    await redis.close();
    process.exit(drained ? 0 : 1);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
