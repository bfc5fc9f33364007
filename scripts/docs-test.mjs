// pnpm test:docs (after `pnpm build`): the documentation as code. Every fenced block of
// README.md, packages/*/README.md, examples/*/README.md and docs/*.md is run or compiled against
// the built packages, and every relative link and #anchor is followed. Exits 1 on the first
// report of anything that does not work as written. docs/writing-docs.md has the rules and markers.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const work = join(root, '.docs-test');
const TIME_LIMIT = 20_000;

const only = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const verbose = process.argv.includes('--verbose');

/** The documents: the root README, each package's and example's README, docs/*.md. */
function documents() {
  const files = ['README.md', 'CONTRIBUTING.md', 'SECURITY.md'].filter((f) => existsSync(join(root, f)));
  for (const dir of ['packages', 'examples']) {
    for (const name of readdirSync(join(root, dir)).sort()) {
      if (existsSync(join(root, dir, name, 'README.md'))) files.push(`${dir}/${name}/README.md`);
    }
  }
  for (const name of readdirSync(join(root, 'docs')).sort()) if (name.endsWith('.md')) files.push(`docs/${name}`);
  return only.length ? files.filter((f) => only.some((o) => f.includes(o))) : files;
}

/**
 * The fenced blocks of a document, each with the markers (HTML comments) written right before it:
 * `<!-- docs-test: skip REASON -->`, `<!-- docs-test: prelude CODE -->` (for the next block),
 * `<!-- docs-test: file-prelude CODE -->` (for every later block of the file),
 * `<!-- docs-test: dir PATH -->` (run from that folder: its node_modules).
 */
function blocks(text) {
  const lines = text.split('\n');
  const out = [];
  let pending = { skip: undefined, prelude: '', dir: undefined };
  let filePrelude = '';
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const marker = /^\s*<!-- docs-test: (skip|prelude|file-prelude|dir)\b([\s\S]*)$/.exec(line);
    if (marker) {
      let body = marker[2];
      while (!body.includes('-->') && i + 1 < lines.length) body += '\n' + lines[++i];
      body = body.slice(0, body.lastIndexOf('-->')).trim();
      if (marker[1] === 'skip') {
        if (!body) throw new Error(`line ${i + 1}: docs-test: skip needs a reason`);
        pending.skip = body;
      } else if (marker[1] === 'prelude') pending.prelude += body + '\n';
      else if (marker[1] === 'file-prelude') filePrelude += body + '\n';
      else pending.dir = body;
      continue;
    }
    // a fence at any indentation (inside a list item too); its lines lose that indentation
    const fence = /^(\s*)```(\w*)\s*$/.exec(line);
    if (!fence) continue;
    const indent = fence[1];
    const start = i + 1;
    let end = start;
    while (end < lines.length && !/^\s*```\s*$/.test(lines[end])) end++;
    const code = lines
      .slice(start, end)
      .map((l) => (l.startsWith(indent) ? l.slice(indent.length) : l.trimStart()))
      .join('\n');
    out.push({ lang: fence[2], line: start, code, ...pending, filePrelude });
    pending = { skip: undefined, prelude: '', dir: undefined };
    i = end;
  }
  return out;
}

// ------------------------------------------------------------------------------------------
// JavaScript blocks: each is a program of its own (the preludes, then the block), run with node
// from a file in .docs-test/ (or in the marked folder), so that `require('briskjs')` and
// `import ... from '@brisk/...'` resolve to the built packages, as a user's would. A server it
// starts listens on a free port on 127.0.0.1 instead of the one written; once it listens, a
// request is sent to it and the program ends. A line `expression; // value`, where the comment
// is a JavaScript literal, checks that the expression gives that value.

const PRELOAD = `
'use strict';
const net = require('node:net');
const http = require('node:http');
const listen = net.Server.prototype.listen;
let served = false;
net.Server.prototype.listen = function docsListen(...args) {
  const callback = typeof args[args.length - 1] === 'function' ? args[args.length - 1] : undefined;
  this.once('listening', () => {
    if (served) return;
    served = true;
    const { port } = this.address();
    const done = () => setTimeout(() => process.exit(process.exitCode || 0), 200);
    if (this instanceof http.Server) {
      http.get({ host: '127.0.0.1', port, path: '/', agent: false }, (res) => { res.resume(); res.on('end', done); })
        .on('error', done);
    } else done();
  });
  return callback ? listen.call(this, 0, '127.0.0.1', callback) : listen.call(this, 0, '127.0.0.1');
};
// docsTest.exchange(headers): a real request to a throw-away server; resolves with the server's
// req and res, for blocks written as if inside a handler.
globalThis.docsTest = {
  // a key and self-signed certificate for localhost (the tests' own maker, test/support/tls.ts)
  selfSigned() {
    const tls = require('tsx/cjs/api').require(process.env.DOCS_TEST_TLS, __filename);
    return tls.selfSigned(['localhost', '127.0.0.1']);
  },
  exchange(headers = {}, path = '/') {
    return new Promise((resolve, reject) => {
      const server = http.createServer((req, res) => {
        res.on('finish', () => server.close());
        resolve({ req, res });
      });
      listen.call(server, 0, '127.0.0.1', () => {
        const { port } = server.address();
        http.get({ host: '127.0.0.1', port, path, headers, agent: false }, (r) => r.resume()).on('error', reject);
      });
    });
  },
};
const assert = require('node:assert');
globalThis.__docsCheck = (actual, expected, where) => {
  const check = (value) => {
    // an array is compared by its elements (range-parser's result also has a \`type\`)
    if (Array.isArray(expected) && Array.isArray(value)) assert.deepEqual([...value], expected, where);
    else if (expected !== null && typeof expected === 'object') assert.deepEqual(value, expected, where);
    else assert.strictEqual(value, expected, where);
  };
  if (actual && typeof actual.then === 'function') return actual.then(check);
  check(actual);
};
`;

/** `expression; // literal` lines become checks; other lines stay as they are. */
function withChecks(code, where) {
  return code
    .split('\n')
    .map((line, n) => {
      const m = /^(\s*)(?!const |let |var |return |import |export |await )([^/].*?);?\s*\/\/ (.+?)\s*$/.exec(line);
      if (!m) return line;
      const [, indent, expression, comment] = m;
      try {
        new Function(`return (${expression});`); // an expression, as written
        const expected = vm.runInNewContext(`(${comment})`, Object.create(null), { timeout: 50 });
        if (typeof expected === 'function' || typeof expected === 'symbol') return line;
      } catch {
        return line; // prose, not a value
      }
      return `${indent}await __docsCheck((${expression}), (${comment}), ${JSON.stringify(`${where}+${n}: ${expression}`)});`;
    })
    .join('\n');
}

// A program ends when its code has run and what it started has settled, or half a second later
// (a server it started, a timer): what a block does is done by then.
const END = 'setTimeout(() => process.exit(process.exitCode || 0), 500).unref();';

function runJs(doc, block, index) {
  const where = `${doc}:${block.line}`;
  const code = withChecks(block.code, where);
  const esm = /^\s*(import\s[^(]|export\s)/m.test(block.code) || /\bimport\.meta\b/.test(block.code);
  // CommonJS: the block in a scope of its own inside its prelude's, inside the file prelude's, so
  // that each may declare a name an outer one declares (the block that requires the package, beside a prelude that does too).
  // ESM: the block's imports cannot be shadowed, so only the block's own prelude comes first.
  const program = esm ? block.prelude + code : `${block.filePrelude}{\n${block.prelude}{\n${code}\n}\n}`;
  const dir = block.dir ? join(root, block.dir) : work;
  const file = join(dir, `.docs-test-${doc.replace(/[^\w]+/g, '-')}-${index}.${esm ? 'mjs' : 'cjs'}`);
  const source = esm
    ? `import { createRequire as __createRequire } from 'node:module';\nconst require = __createRequire(import.meta.url);\n${program}\n${END}`
    : `(async () => {\n${program}\n})().then(() => { ${END} }, (err) => { console.error(err); process.exit(1); });`;
  writeFileSync(file, source);
  const preload = join(work, 'preload.cjs');
  try {
    const r = spawnSync(process.execPath, ['--require', preload, file], {
      cwd: dir,
      encoding: 'utf8',
      timeout: TIME_LIMIT,
      env: { ...process.env, NODE_ENV: 'test', FORCE_COLOR: '0', DOCS_TEST_TLS: join(root, 'test/support/tls.ts') },
    });
    if (r.error) return `${r.error.message}`;
    if (r.status !== 0)
      return `exit ${r.status ?? r.signal}\n${(r.stderr || r.stdout).trim().split('\n').slice(0, 12).join('\n')}`;
    if (verbose && r.stdout) console.log(r.stdout.trim());
    return undefined;
  } finally {
    rmSync(file, { force: true });
  }
}

// ------------------------------------------------------------------------------------------
// TypeScript blocks: compiled together, each as a module of its own, against the built packages
// (strict, NodeNext, with @types/node), as a user's project compiles them.

function compileTs(items) {
  if (items.length === 0) return [];
  const dir = join(work, 'ts');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const names = items.map((item, i) => {
    const esm = /^\s*import\s[^(=]/m.test(item.program) && !/^\s*import\s+\w+\s*=\s*require/m.test(item.program);
    const name = `block-${i}.${esm ? 'mts' : 'cts'}`;
    writeFileSync(join(dir, name), `${item.program}\nexport {};\n`);
    return name;
  });
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        module: 'nodenext',
        moduleResolution: 'nodenext',
        target: 'es2022',
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        esModuleInterop: true,
        types: ['node'],
        noUnusedLocals: false,
      },
      files: names,
    }),
  );
  const tsc = join(root, 'node_modules/typescript/bin/tsc');
  const r = spawnSync(process.execPath, [tsc, '-p', dir, '--pretty', 'false'], { encoding: 'utf8' });
  const errors = [];
  for (const line of (r.stdout || '').split('\n')) {
    const m = /^block-(\d+)\.[cm]ts\((\d+),\d+\): (.*)$/.exec(line);
    if (m) {
      const item = items[Number(m[1])];
      const offset = item.program.split('\n').length - item.code.split('\n').length;
      errors.push({ where: `${item.doc}:${item.line + Number(m[2]) - 1 - offset}`, message: m[3] });
    }
  }
  if (r.status !== 0 && errors.length === 0) errors.push({ where: 'tsc', message: (r.stdout || r.stderr).trim() });
  return errors;
}

// ------------------------------------------------------------------------------------------
// Shell blocks: the commands are not run (they install, or start servers for people), but every
// `pnpm <script>` they name must be a script of the root package.json.

const scripts = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts;
const PNPM_OWN = new Set(['install', 'add', 'exec', 'dlx', 'pack', 'changeset', 'run', '-r', '--filter', 'build']);
/** pnpm's own commands that a script of the same name does not override: `pnpm run NAME` runs the script. */
const PNPM_BUILTIN = new Set(['docs', 'home', 'info', 'view', 'help', 'init', 'link', 'audit', 'outdated', 'why']);

function checkShell(code) {
  const problems = [];
  for (const m of code.matchAll(/(?:^|&&|;|\|\|)\s*pnpm\s+([\w:-]+)/gm)) {
    const name = m[1];
    if (PNPM_BUILTIN.has(name)) problems.push(`pnpm ${name} is pnpm's own command: write pnpm run ${name}`);
    else if (!PNPM_OWN.has(name) && !Object.hasOwn(scripts, name)) problems.push(`pnpm ${name}: no such script`);
  }
  return problems;
}

// ------------------------------------------------------------------------------------------
// Links: every relative link resolves to a file of the checkout, and every #anchor to a heading
// of the document it names (GitHub's anchors: lower case, punctuation dropped, spaces to -).

function anchors(file) {
  const text = readFileSync(file, 'utf8').replace(/^\s*```[\s\S]*?^\s*```/gm, '');
  const seen = new Map();
  const out = new Set();
  for (const m of text.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = m[1]
      .replace(/<[^>]+>/g, '')
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n === 0 ? base : `${base}-${n}`);
  }
  return out;
}

function checkLinks(doc, text) {
  const problems = [];
  const prose = text.replace(/^\s*```[\s\S]*?^\s*```/gm, '').replace(/`[^`\n]*`/g, '');
  for (const m of prose.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
    const target = m[1];
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:
    const [path, anchor] = target.split('#');
    const file = path ? resolve(dirname(join(root, doc)), decodeURIComponent(path)) : join(root, doc);
    if (!file.startsWith(root)) {
      problems.push(`${target}: outside the repository`);
      continue;
    }
    if (!existsSync(file)) {
      problems.push(`${target}: no such file`);
      continue;
    }
    if (anchor !== undefined && file.endsWith('.md') && !anchors(file).has(anchor.toLowerCase())) {
      problems.push(`${target}: no heading #${anchor} in ${relative(root, file)}`);
    }
  }
  return problems;
}

// ------------------------------------------------------------------------------------------

rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });
writeFileSync(join(work, 'preload.cjs'), PRELOAD);
writeFileSync(join(work, 'package.json'), '{ "private": true }\n');

const failures = [];
const counts = { js: 0, ts: 0, sh: 0, skipped: 0, links: 0, other: 0 };
const tsItems = [];
for (const doc of documents()) {
  const text = readFileSync(join(root, doc), 'utf8');
  for (const problem of checkLinks(doc, text)) failures.push(`${doc}: link ${problem}`);
  counts.links++;
  for (const [i, block] of blocks(text).entries()) {
    const where = `${doc}:${block.line}`;
    if (block.skip !== undefined) {
      counts.skipped++;
      continue;
    }
    if (block.lang === 'js' || block.lang === 'javascript') {
      counts.js++;
      const error = runJs(doc, block, i);
      if (error) failures.push(`${where} (js): ${error}`);
      else if (verbose) console.log(`ok ${where}`);
    } else if (block.lang === 'ts' || block.lang === 'typescript') {
      counts.ts++;
      // a TypeScript block has its own prelude only: the file's is JavaScript for the js blocks
      tsItems.push({ doc, line: block.line, code: block.code, program: block.prelude + block.code });
    } else if (block.lang === 'sh' || block.lang === 'bash' || block.lang === 'shell') {
      counts.sh++;
      for (const problem of checkShell(block.code)) failures.push(`${where} (sh): ${problem}`);
    } else {
      counts.other++; // output, data, diagrams: nothing to run
    }
  }
}
for (const { where, message } of compileTs(tsItems)) failures.push(`${where} (ts): ${message}`);
rmSync(work, { recursive: true, force: true });

console.log(
  `docs: ${counts.links} documents, links checked; ${counts.js} JavaScript blocks run, ${counts.ts} TypeScript blocks compiled, ` +
    `${counts.sh} shell blocks checked, ${counts.skipped} marked not to run, ${counts.other} other`,
);
for (const failure of failures) console.log(`not ok - ${failure}`);
console.log(`${counts.js + counts.ts + counts.sh - failures.length} passed, ${failures.length} failed`);
process.exitCode = failures.length ? 1 : 0;
