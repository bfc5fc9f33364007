// The HTTP/2 load through nghttp2's h2load (C, one thread), for bench/h2.mjs with
// BENCH_H2_LOAD=h2load where h2load is installed (Debian: nghttp2-client). Takes the options of
// load-h2.mjs as JSON in argv[2] and prints the same JSON line. h2load prints no percentiles, so
// p99 is read from its per-request log (--log-file: start µs, status, µs to the response's end).
// The body's length is not checked under load here; bench/h2.mjs checks every response before.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHistogram } from 'node:perf_hooks';

const { origin, path: urlPath = '/', sessions = 10, streams = 10, duration = 3 } = JSON.parse(process.argv[2]);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'brisk-h2load-'));
const log = path.join(dir, 'requests.tsv');
try {
  const run = spawnSync(
    'h2load',
    [
      '-t',
      '1',
      '-c',
      String(sessions),
      '-m',
      String(streams),
      '-D',
      String(duration),
      `--log-file=${log}`,
      origin + urlPath,
    ],
    { encoding: 'utf8', maxBuffer: 16 * 2 ** 20 },
  );
  if (run.status !== 0) {
    process.stderr.write(run.stdout + run.stderr);
    process.exit(1);
  }
  const out = run.stdout;
  const field = (re) => {
    const m = re.exec(out);
    if (!m) throw new Error(`h2load: no ${re} in its output:\n${out}`);
    return Number(m[1]);
  };
  const histogram = createHistogram();
  let completed = 0;
  let non2xx = 0;
  for (const line of fs.readFileSync(log, 'utf8').split('\n')) {
    if (!line) continue;
    const [, status, micros] = line.split('\t').map(Number);
    if (status >= 200 && status <= 299) {
      completed++;
      histogram.record(Math.max(1, micros));
    } else if (status > 0) non2xx++;
  }
  const ms = (us) => Math.round(us / 100) / 10;
  process.stdout.write(
    `${JSON.stringify({
      completed,
      durationS: /finished in [\d.]+ms/.test(out)
        ? field(/finished in ([\d.]+)ms/) / 1000
        : field(/finished in ([\d.]+)s/),
      p50Ms: ms(histogram.percentile(50)),
      p99Ms: ms(histogram.percentile(99)),
      maxMs: ms(histogram.max),
      non2xx,
      errors: field(/ (\d+) errored/),
      timeouts: field(/ (\d+) timeout/),
      sessions,
      streams,
    })}\n`,
  );
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
