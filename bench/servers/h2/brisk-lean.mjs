// brisk over h2c answering with the headers fastify sends (no ETag, no X-Powered-By); otherwise
// the same app as brisk.mjs. An optional contender (BENCH_CONTENDERS=brisk,brisk-lean,fastify).
process.env.BRISK_BENCH_LEAN = '1';
await import('./brisk.mjs');
