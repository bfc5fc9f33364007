// Generates packages/mime/src/db.ts, the media-type table of @brisk/mime, from mime-db
// (https://github.com/jshttp/mime-db: IANA, Apache and nginx registrations; MIT licensed data).
//
//   node scripts/gen-mime.mjs                    fetch mime-db@1.54.0 with `npm pack`, write db.ts
//   node scripts/gen-mime.mjs path/to/db.json    read a local mime-db (its package.json beside it names the version)
//   options: --out <file>  write there instead of packages/mime/src/db.ts
//            --check       write nothing; exit 1 if the target differs from what would be generated
//
// mime-db is NOT a dependency: `npm pack` downloads the pinned tarball into a temporary directory,
// its sha512 is checked against the integrity pnpm-lock.yaml records, and db.json is read from it.
// The output depends only on db.json and its version (no dates, no paths): same input, same bytes.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';

const VERSION = '1.54.0';
const INTEGRITY = 'sha512-aU5EJuIN2WDemCcAp2vFBfp/m4EAhWJnUNSSw0ixs7/kXbd6Pg64EmwJkNdFhB8aWt1sH2CTXrLxo/iAGV3oPQ==';
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const DEFAULT_OUT = join(root, 'packages/mime/src/db.ts');

// ---------------------------------------------------------------------------------------------
// Obtaining mime-db

/** Files of a .tgz (ustar) as a Map of path → Buffer. */
function untgz(tgz) {
  const tar = gunzipSync(tgz);
  const files = new Map();
  const text = (from, to) => {
    const field = tar.subarray(from, to);
    const nul = field.indexOf(0);
    return field.subarray(0, nul === -1 ? field.length : nul).toString('utf8');
  };
  for (let at = 0; at + 512 <= tar.length; ) {
    if (tar[at] === 0) break; // end of archive: a zero block
    const name = text(at, at + 100);
    const size = parseInt(text(at + 124, at + 136).trim() || '0', 8);
    const kind = String.fromCharCode(tar[at + 156] || 48); // '0' (or NUL): a regular file
    const prefix = text(at + 257, at + 263) === 'ustar' ? text(at + 345, at + 500) : '';
    if (kind === '0') files.set(prefix ? `${prefix}/${name}` : name, tar.subarray(at + 512, at + 512 + size));
    at += 512 + Math.ceil(size / 512) * 512;
  }
  return files;
}

/** `npm pack` the pinned mime-db into a temporary directory; returns { db, version }. */
export function fetchMimeDb() {
  const dir = mkdtempSync(join(tmpdir(), 'gen-mime-'));
  try {
    const out = execFileSync('npm', ['pack', `mime-db@${VERSION}`, '--json', '--pack-destination', dir], {
      cwd: dir,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
      shell: process.platform === 'win32', // npm is npm.cmd there
    });
    const [{ filename }] = JSON.parse(out);
    const tgz = readFileSync(join(dir, filename));
    const integrity = `sha512-${createHash('sha512').update(tgz).digest('base64')}`;
    if (integrity !== INTEGRITY) throw new Error(`mime-db@${VERSION}: integrity ${integrity}, expected ${INTEGRITY}`);
    const files = untgz(tgz);
    const pkg = JSON.parse(files.get('package/package.json').toString('utf8'));
    if (pkg.name !== 'mime-db' || pkg.version !== VERSION)
      throw new Error(`unexpected package ${pkg.name}@${pkg.version}`);
    return { db: JSON.parse(files.get('package/db.json').toString('utf8')), version: pkg.version };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A local db.json; the version comes from the mime-db package.json beside it. */
export function readMimeDb(file) {
  const db = JSON.parse(readFileSync(file, 'utf8'));
  const manifest = join(dirname(file), 'package.json');
  const pkg = existsSync(manifest) ? JSON.parse(readFileSync(manifest, 'utf8')) : {};
  return { db, version: pkg.name === 'mime-db' && typeof pkg.version === 'string' ? pkg.version : 'unknown' };
}

// ---------------------------------------------------------------------------------------------
// Which type owns an extension that several types list
//
// mime-types 3 gives an extension to the claimant with the highest "mime-score"
// (jshttp/mime-score, vendored by mime-types 3.0.2). The score adds up:
//   - the facet of the subtype (RFC 6838 §3), read as the subtype up to and including its first
//     "." or "x-", wherever that is: "vnd." 400, "x." 300, "x-" 200, "prs." 100, anything else
//     (the standards tree, or a prefix such as "pkix-") 900;
//   - the source of the registration: iana 40, mime-db's own (no source) 30, apache 20, nginx 10;
//   - the top-level type: video 3, audio 2, font 2, application 1, any other 0;
//   - 1 - length / 100: among equals the shorter type wins.
// application/octet-stream scores 0, below everything. Types are visited in mime-db order
// (alphabetical) and a later claimant takes the extension unless the holder scores strictly higher.
// Here the integer part and the length are compared separately, which is the same order as long as
// every type is shorter than 100 characters (checked below).

const FACETS = new Map([
  ['vnd.', 400],
  ['x.', 300],
  ['x-', 200],
  ['prs.', 100],
]);
const SOURCES = new Map([
  ['iana', 40],
  ['apache', 20],
  ['nginx', 10],
]);
const TOP_LEVELS = new Map([
  ['video', 3],
  ['audio', 2],
  ['font', 2],
  ['application', 1],
]);

/** The facet of a subtype: up to and including the first "." or "x-". */
function facetOf(subtype) {
  for (let i = 0; i < subtype.length; i++) {
    if (subtype[i] === '.') return subtype.slice(0, i + 1);
    if (subtype[i] === 'x' && subtype[i + 1] === '-') return subtype.slice(0, i + 2);
  }
  return subtype;
}

/** { points, length } of a type; more points win, then the shorter type. */
function rank(type, source) {
  if (type === 'application/octet-stream') return { points: -1, length: 0 };
  const slash = type.indexOf('/');
  const points =
    (FACETS.get(facetOf(type.slice(slash + 1))) ?? 900) +
    (source === undefined ? 30 : (SOURCES.get(source) ?? 30)) +
    (TOP_LEVELS.get(type.slice(0, slash)) ?? 0);
  return { points, length: type.length };
}

const beats = (a, b) => a.points > b.points || (a.points === b.points && a.length < b.length);

// ---------------------------------------------------------------------------------------------
// The table

const TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/; // RFC 6838 §4.2 names, lower case
const EXTENSION = /^[a-z0-9_+-]+$/;
const CHARSET = /^[A-Za-z0-9!#$%&'+^_`{}~-]+$/; // RFC 2978 §2.3 mime-charset
const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype']);

/** The db.ts source for a mime-db object (db.json) of the given version. */
export function generate(db, version) {
  const types = Object.keys(db); // mime-db order, as mime-types walks it
  const owner = new Map(); // extension → type that gets it
  for (const type of types) {
    if (!TYPE.test(type) || FORBIDDEN.has(type)) throw new Error(`mime-db: unexpected type ${JSON.stringify(type)}`);
    if (type.length >= 100) throw new Error(`mime-db: type longer than 99 characters: ${type}`);
    const { extensions = [], charset, source } = db[type];
    if (charset !== undefined && !CHARSET.test(charset)) throw new Error(`mime-db: ${type}: bad charset ${charset}`);
    for (const ext of extensions) {
      if (!EXTENSION.test(ext) || FORBIDDEN.has(ext)) throw new Error(`mime-db: ${type}: bad extension ${ext}`);
      const held = owner.get(ext);
      if (held === undefined || !beats(rank(held, db[held].source), rank(type, source))) owner.set(ext, type);
    }
  }

  const lines = [];
  for (const type of types) {
    const { extensions = [] } = db[type];
    if (extensions.length === 0) continue;
    lines.push([type, ...extensions.map((ext) => (owner.get(ext) === type ? ext : `!${ext}`))].join(' '));
  }
  const charsets = types.filter((type) => db[type].charset !== undefined).map((type) => `${type} ${db[type].charset}`);
  const source = `mime-db ${version}`;

  return `// Generated by scripts/gen-mime.mjs from ${source}; do not edit.
// Data: mime-db (https://github.com/jshttp/mime-db), MIT License,
// Copyright (c) 2014 Jonathan Ong, Copyright (c) 2015-2022 Douglas Christopher Wilson.

/** Where the table comes from: the mime-db package and version. */
export const SOURCE = '${source}';

/**
 * Every media type that has file extensions, one per line in mime-db order: the type, then its
 * extensions in mime-db order. An extension written \`!ext\` belongs to the type but maps back to
 * another type that also lists it (the one mime-types 3 prefers).
 */
export const TYPES: string = \`${lines.join('\n')}\`;

/** Default charsets of media types (with or without extensions): the type, then the charset. */
export const CHARSETS: string = \`${charsets.join('\n')}\`;
`;
}

// ---------------------------------------------------------------------------------------------
// Command line

/**
 * The command line of a generator from mime-db (this one, scripts/gen-compressible.mjs):
 * `[db.json] [--out FILE] [--check]`; without a file, mime-db is fetched (fetchMimeDb). `generate`
 * turns the database and its version into the module's text, written to `defaultOut` unless
 * `--out` says otherwise; `--check` only says whether the file is up to date.
 */
export function runGenerator(argv, generate, defaultOut) {
  let input;
  let out = defaultOut;
  let check = false;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--check') check = true;
    else if (argv[i] === '--out') out = resolve(argv[++i] ?? '');
    else if (argv[i].startsWith('-')) throw new Error(`unknown option ${argv[i]}`);
    else input = resolve(argv[i]);
  }
  const { db, version } = input === undefined ? fetchMimeDb() : readMimeDb(input);
  const code = generate(db, version);
  const where = out.startsWith(root) ? out.slice(root.length + 1) : basename(out);
  if (check) {
    const same = existsSync(out) && readFileSync(out, 'utf8') === code;
    console.log(`${where}: ${same ? 'up to date' : 'OUT OF DATE'} (mime-db ${version})`);
    process.exitCode = same ? 0 : 1;
    return;
  }
  writeFileSync(out, code);
  console.log(`${where}: ${Buffer.byteLength(code)} bytes from mime-db ${version}`);
}

const main = (argv) => runGenerator(argv, generate, DEFAULT_OUT);

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main(process.argv.slice(2));
