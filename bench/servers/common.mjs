// What every contender's server shares: the scenario data, the static file, a stream that
// discards, and the small protocol with the runner (bench/run.mjs) over the IPC channel:
// the server sends { type: 'ready', port } once listening; asked { type: 'stats' }, it answers with its
// CPU time and peak RSS; asked { type: 'exit' }, it exits (so that --cpu-prof writes a profile).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const SCENARIOS = ['hello', 'routing', 'json-body', 'static', 'middleware-logger', 'params-query', 'real-api'];

/** The HTTP/2 run's scenarios (bench/h2.mjs, servers in servers/h2/): `GET /` and `GET /json`. */
export const H2_SCENARIOS = ['hello', 'json'];

/** What the h2 json scenario's `GET /json` answers with. */
export const H2_JSON = { message: 'Hello World', id: 42, ok: true, tags: ['fast', 'small', 'typed'] };

/** The routing scenario: 100 resources, each with GET /:id, POST and PUT /:id (300 routes). */
export const RESOURCES = 100;

/** The directory of the static scenario's 16 KiB file (written by {@link ensureStaticFile}). */
export const STATIC_DIR = path.join(os.tmpdir(), 'brisk-bench-static');
export const STATIC_SIZE = 16 * 1024;

/** Writes the static scenario's file once, with a fixed content and modification time. */
export function ensureStaticFile() {
  const file = path.join(STATIC_DIR, 'file.txt');
  fs.mkdirSync(STATIC_DIR, { recursive: true });
  const line = 'brisk benchmark static file: sixteen kibibytes of text.\n';
  const content = line.repeat(Math.ceil(STATIC_SIZE / line.length)).slice(0, STATIC_SIZE);
  if (!fs.existsSync(file) || fs.readFileSync(file, 'utf8') !== content) fs.writeFileSync(file, content);
  const when = new Date('2026-01-01T00:00:00Z');
  fs.utimesSync(file, when, when);
  return { file, content };
}

/** The json-body scenario's request body: 1 KiB of JSON. */
export function jsonBody() {
  const body = { id: 'bench', tags: ['a', 'b', 'c'], nested: { ok: true, n: 42 }, items: [] };
  let i = 0;
  while (JSON.stringify(body).length < 1024 - 40) body.items.push({ i: i++, name: `item ${i}` });
  body.pad = 'x'.repeat(Math.max(0, 1024 - JSON.stringify({ ...body, pad: '' }).length));
  return JSON.stringify(body);
}

/** A writable that discards everything (where the loggers write). */
export const discard = { write: () => true };

/** The scenario (one of `scenarios`) and port from argv and env; exits on an unknown scenario. */
export function config(scenarios = SCENARIOS) {
  const scenario = process.argv[2];
  if (!scenarios.includes(scenario)) {
    console.error(`unknown scenario ${scenario}; one of ${scenarios.join(', ')}`);
    process.exit(2);
  }
  // PORT=0 (what the runner passes): a free port, reported in the ready message
  return { scenario, port: process.env.PORT === undefined ? 3000 : Number(process.env.PORT), host: '127.0.0.1' };
}

/** Tells the runner the server listens (and on which port), and answers its questions. */
export function ready(server) {
  const { port } = server.address();
  if (!process.send) {
    console.log(`listening on http://127.0.0.1:${port}`);
    return;
  }
  process.on('message', (message) => {
    if (message?.type === 'stats') {
      const cpu = process.cpuUsage();
      process.send({ type: 'stats', cpuMicros: cpu.user + cpu.system, maxRssKiB: process.resourceUsage().maxRSS });
    } else if (message?.type === 'exit') {
      process.exit(0);
    }
  });
  process.on('disconnect', () => process.exit(0));
  process.send({ type: 'ready', port });
}
