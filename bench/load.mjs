// The load generator, run by bench/run.mjs as its own process (pinned to its own core where
// taskset exists): autocannon with the options given as JSON in argv[2]; prints one JSON line.
import autocannon from 'autocannon';

const options = JSON.parse(process.argv[2]);
const result = await autocannon({ ...options, setupClient: undefined });
process.stdout.write(
  `${JSON.stringify({
    completed: result.latency.totalCount,
    durationS: result.duration,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  })}\n`,
);
