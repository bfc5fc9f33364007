// scripts/restore-names.mjs: the build gives function and class expressions the names esbuild
// numbered (`app2`) back, and refuses where that would change what a name refers to (decision 016).
// The inputs are shaped as esbuild writes them; check-dist checks the real build.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { restoreNames } from '../scripts/restore-names.mjs';

const names = new Set(['app', 'handle', 'serveStatic', 'Model', 'param', 'utf8', 'sha1', 'x']);

test('a function expression numbered by esbuild gets its source name back, with its references', () => {
  const code = 'const app = function app2(req, res, next) {\n  app2.handle(req, res, next);\n};\n';
  const out = restoreNames(code, names);
  assert.equal(out.code, 'const app = function app(req, res, next) {\n  app.handle(req, res, next);\n};\n');
  assert.deepEqual(out.restored, ['app2 → app']);
  const app = new Function(`${out.code}; return app;`)();
  assert.equal(app.name, 'app');
});

test('inside a nested function and a class expression; property names are no references', () => {
  const code =
    'function serveStatic(root) {\n  return function serveStatic2(req) {\n    return req.serveStatic + root;\n  };\n}\n' +
    'var Model = class Model2 {\n  static make() {\n    return new Model2();\n  }\n};\n';
  const out = restoreNames(code, names);
  assert.match(out.code, /return function serveStatic\(req\) \{\n {4}return req\.serveStatic \+ root;/);
  assert.match(out.code, /var Model = class Model \{\n {2}static make\(\) \{\n {4}return new Model\(\);/);
  const [fn, Model] = new Function(`${out.code}; return [serveStatic('/'), Model];`)();
  assert.equal(fn.name, 'serveStatic');
  assert.equal(Model.make().constructor.name, 'Model');
});

test('names written so in the sources, and declarations, are left alone', () => {
  const code =
    'function utf82() {}\nconst f = function utf8() {};\nconst g = function sha1() {};\nconst h = function y2() {};\n';
  // utf82 is a numbered utf8, but a declaration's name is a binding of the enclosing scope, where
  // esbuild numbered it because another symbol has the source name: only expressions are renamed.
  assert.deepEqual(restoreNames(code, names), { code, restored: [] });
});

test('refuses when the source name inside the expression is another symbol', () => {
  // In the sources: `import { param as p } ...; return function param() { return p(); }`; esbuild
  // gave the import the top-level name param and numbered the function.
  const code =
    'function param(a) {}\nfunction make() {\n  return function param2(b) {\n    return param(b);\n  };\n}\n';
  assert.throws(() => restoreNames(code, names, 'index.cjs'), /index\.cjs:4: esbuild renamed param to param2/);
});
