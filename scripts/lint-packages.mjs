// `pnpm lint`: publint (--strict) and arethetypeswrong on every package's tarball, packed once as
// `pnpm publish` packs it, in one process. (The two CLIs each packed every package again and
// loaded themselves, and TypeScript, once per package: 50 s of a CI run; this is about 15.)
// Fails on any publint error (warnings count as errors, as `publint --strict`) and on any
// arethetypeswrong problem (as `attw`, whose default profile ignores none).
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkPackage, createPackageFromTarballData } from '@arethetypeswrong/core';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';
import { packAll } from './pack.mjs';

const dest = join(tmpdir(), `brisk-lint-${process.pid}`);
let failed = 0;
try {
  for (const t of packAll(dest)) {
    const data = readFileSync(t.tgz);
    const bytes = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
    const lines = [];

    const { messages, pkg } = await publint({
      pkgDir: 'package',
      strict: true,
      pack: { tarball: bytes.slice().buffer },
    });
    for (const m of messages) lines.push(`publint ${m.type}: ${formatMessage(m, pkg)}`);
    const publintErrors = messages.filter((m) => m.type === 'error').length;

    const analysis = await checkPackage(createPackageFromTarballData(bytes));
    const problems = analysis.types ? analysis.problems : [];
    for (const p of problems) {
      const where = [p.entrypoint, p.resolutionKind].filter(Boolean).join(', ');
      lines.push(`attw: ${p.kind}${where ? ` (${where})` : ''}`);
    }
    if (!analysis.types) lines.push('attw: no types found');

    const bad = publintErrors > 0 || problems.length > 0 || !analysis.types;
    if (bad) failed++;
    console.log(`${bad ? 'not ok' : 'ok'} - ${t.name}${lines.length ? `\n  ${lines.join('\n  ')}` : ''}`);
  }
} finally {
  rmSync(dest, { recursive: true, force: true });
}
console.log(
  `lint: ${failed === 0 ? 'every package passes' : `${failed} packages fail`} publint --strict and arethetypeswrong`,
);
if (failed) process.exitCode = 1;
