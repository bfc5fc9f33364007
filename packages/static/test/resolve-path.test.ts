import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join, normalize, resolve, sep } from 'node:path';
import { resolvePath } from '../src/resolve-path.js';
import { assertLinear } from '../../../test/support/fuzz.js';

const ROOT = '/srv/www';

describe('resolvePath with a root', () => {
  // [URL path, expected]
  const cases: [string, ReturnType<typeof resolvePath>][] = [
    ['/a.txt', { path: '/srv/www/a.txt', dotfile: false }],
    ['/dir/', { path: '/srv/www/dir/', dotfile: false }],
    ['/', { path: '/srv/www/', dotfile: false }],
    ['', { path: '/srv/www', dotfile: false }],
    ['a.txt', { path: '/srv/www/a.txt', dotfile: false }],
    ['/sp%20ace.txt', { path: '/srv/www/sp ace.txt', dotfile: false }],
    ['/caf%C3%A9.txt', { path: '/srv/www/caf\u00e9.txt', dotfile: false }],
    ['/a/../b.txt', { path: '/srv/www/b.txt', dotfile: false }],
    ['/./a.txt', { path: '/srv/www/a.txt', dotfile: false }],
    ['//a//b.txt', { path: '/srv/www/a/b.txt', dotfile: false }],
    ['/.', { path: '/srv/www', dotfile: false }],
    ['/%2e', { path: '/srv/www', dotfile: false }],
    ['/.env', { path: '/srv/www/.env', dotfile: true }],
    ['/.git/config', { path: '/srv/www/.git/config', dotfile: true }],
    ['/a/.hidden/b.txt', { path: '/srv/www/a/.hidden/b.txt', dotfile: true }],
    ['/a/%2ehidden/b.txt', { path: '/srv/www/a/.hidden/b.txt', dotfile: true }],
    ['/a/.hidden/../b.txt', { path: '/srv/www/a/b.txt', dotfile: false }],
    ['/a..b', { path: '/srv/www/a..b', dotfile: false }],
    ['/...', { path: '/srv/www/...', dotfile: true }],
    // traversal
    ['/..', 403],
    ['/../a.txt', 403],
    ['/%2e%2e/', 403],
    ['/%2E%2E/etc/passwd', 403],
    ['/..%2f', 403],
    ['/..%2fetc%2fpasswd', 403],
    ['/a/../../etc/passwd', 403],
    ['/a/%2e%2e/%2e%2e/x', 403],
    ['/\\..\\', 403],
    ['/..\\a.txt', 403],
    ['/a/..%5c..%5cx', 403],
    ['..', 403],
    // bad encoding and NUL
    ['/%zz', 400],
    ['/%', 400],
    ['/%E0%A4%A', 400],
    ['/%00', 400],
    ['/a%00.txt', 400],
    ['/a\0b', 400],
  ];
  for (const [input, expected] of cases) {
    test(`${JSON.stringify(input)} → ${JSON.stringify(expected)}`, () => {
      assert.deepEqual(resolvePath(input, ROOT), expected);
    });
  }

  test('a backslash is a file-name character on POSIX, and stays under the root', () => {
    assert.deepEqual(resolvePath('/\\evil.com/x', ROOT), { path: '/srv/www/\\evil.com/x', dotfile: false });
    assert.deepEqual(resolvePath('/\\evil.com/%2e%2e', ROOT), { path: '/srv/www', dotfile: false });
  });

  test('root "/" is prefixed without doubling the slash', () => {
    assert.deepEqual(resolvePath('/a.txt', '/'), { path: '/a.txt', dotfile: false });
    assert.deepEqual(resolvePath('/a/./b', '/'), { path: '/a/b', dotfile: false });
  });

  test('only segments below the root are judged for dotfiles', () => {
    assert.deepEqual(resolvePath('/file.txt', '/home/u/.config/pub'), {
      path: '/home/u/.config/pub/file.txt',
      dotfile: false,
    });
    assert.deepEqual(resolvePath('/a/./file.txt', '/home/u/.config/pub'), {
      path: '/home/u/.config/pub/a/file.txt',
      dotfile: false,
    });
  });
});

describe('resolvePath without a root', () => {
  const cases: [string, ReturnType<typeof resolvePath>][] = [
    ['/srv/www/a.txt', { path: '/srv/www/a.txt', dotfile: false }],
    ['/srv/www/dir/', { path: '/srv/www/dir', dotfile: false }],
    ['/', { path: '/', dotfile: false }],
    ['/srv//www/./a.txt', { path: '/srv/www/a.txt', dotfile: false }],
    ['/home/u/.config/app/x.html', { path: '/home/u/.config/app/x.html', dotfile: true }],
    ['/srv/www/.env', { path: '/srv/www/.env', dotfile: true }],
    ['/srv/%2e%2e/etc/passwd', 403],
    ['/srv/../etc/passwd', 403],
    ['/srv/www/%zz', 400],
    ['/srv/www/a%00', 400],
  ];
  for (const [input, expected] of cases) {
    test(`${JSON.stringify(input)} → ${JSON.stringify(expected)}`, () => {
      assert.deepEqual(resolvePath(input, null), expected);
    });
  }

  test('a relative path resolves against the working directory', () => {
    assert.deepEqual(resolvePath('a.txt', null), { path: resolve('a.txt'), dotfile: false });
  });
});

describe('resolvePath: the fast path agrees with normalize/join/resolve', () => {
  // The general rule (path module only), for every path the fast path might take.
  const UP = /(?:^|[\\/])\.\.(?:[\\/]|$)/;
  const hasDot = (parts: string[]): boolean => parts.some((p) => p.length > 1 && p[0] === '.');
  function reference(path: string, root: string | null): ReturnType<typeof resolvePath> {
    if (root !== null) {
      const rel = path ? normalize('.' + sep + path) : path;
      if (UP.test(rel)) return 403;
      return { path: normalize(join(root, rel)), dotfile: hasDot(rel.split(sep)) };
    }
    if (UP.test(path)) return 403;
    return { path: resolve(path), dotfile: hasDot(normalize(path).split(sep)) };
  }

  test('10,000 random paths over / . \\ a b', () => {
    const alphabet = ['/', '/', '.', 'a', 'b', '\\', '.'];
    let seed = 12345;
    const rand = (n: number): number => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % n;
    };
    for (let i = 0; i < 10_000; i++) {
      let p = rand(4) === 0 ? '' : '/';
      const len = rand(12);
      for (let j = 0; j < len; j++) p += alphabet[rand(alphabet.length)];
      for (const root of [ROOT, '/', null]) {
        assert.deepEqual(resolvePath(p, root), reference(p, root), `${JSON.stringify(p)} under ${String(root)}`);
      }
    }
  });

  test('long adversarial paths take linear time', () => {
    // [label, the path for size n, n of the large path]
    const shapes: [string, (n: number) => string, number][] = [
      ['"../" run', (n) => '/' + '../'.repeat(n / 3), 15_000],
      ['"a/" run', (n) => '/' + 'a/'.repeat(n / 2), 20_000],
      ['backslashes then ".."', (n) => '/' + '\\'.repeat(n) + '..', 20_000],
      ['"." run', (n) => '/' + '.'.repeat(n), 20_000],
    ];
    for (const [label, build, large] of shapes) {
      resolvePath(build(large), ROOT);
      resolvePath(build(large), null);
      // time(8n) / time(n) in CPU time, no bound on elapsed time
      assertLinear(`resolvePath: ${label}`, build, (p) => resolvePath(p, ROOT));
      assertLinear(`resolvePath: ${label}, no root`, build, (p) => resolvePath(p, null));
    }
  });
});
