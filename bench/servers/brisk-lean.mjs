// brisk configured to answer as fastify does: no ETag on sent bodies (`app.set('etag', false)`)
// and no X-Powered-By (`app.disable('x-powered-by')`); otherwise the same app as brisk.mjs.
// brisk-lean against fastify is the cost of the framework itself, each doing the same work.
process.env.BRISK_BENCH_LEAN = '1';
await import('./brisk.mjs');
