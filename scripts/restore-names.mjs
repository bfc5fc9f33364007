// Gives function and class expressions in a bundle the names they have in the sources.
//
// esbuild, bundling without minifying, still renames a nested binding when an enclosing scope of
// the bundle (the top level holds every module's top-level names) uses the same name:
// `const app = function app() {}` becomes `function app2`, `return function serveStatic()` inside
// `function serveStatic()` becomes `serveStatic2`, a `function logger()` anywhere in the package of
// a top-level `logger` becomes `logger3`. Such a name is behaviour: `fn.name` is a router layer's
// name, which express-promise-router and OpenTelemetry read, and it is what stack traces show.
// esbuild has no option to keep it (keepNames defines `name` on every closure each time it is made:
// decision 016), so tsup.config.ts runs this on the bundle before it is written.
//
// A function or class expression's name is visible only inside the expression. In the sources, a
// reference inside it to that name is the expression itself, so after esbuild every reference
// inside it to the source name belongs to another symbol that esbuild gave that name (an import
// under a local alias, say). Renaming back is safe exactly when no such reference exists; otherwise
// this throws, and the source has to choose another name.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

/** Every identifier-like word in the TypeScript files under `dir`, recursively. */
export function sourceNames(dir, names = new Set()) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) sourceNames(path, names);
    else if (entry.name.endsWith('.ts')) {
      for (const m of readFileSync(path, 'utf8').matchAll(/[A-Za-z_$][\w$]*/g)) names.add(m[0]);
    }
  }
  return names;
}

/** The source name esbuild numbered into `name` (`app2` → `app`, `utf12` → `utf1`), or undefined. */
function sourceNameOf(name, names) {
  if (names.has(name)) return undefined; // written so in the sources
  for (let end = name.length - 1; end > 0 && /\d/.test(name[end]); end--) {
    const base = name.slice(0, end);
    if (names.has(base) && /^[A-Za-z_$]/.test(base)) return base; // longest first
  }
  return undefined;
}

/** A name in a position where it is not a reference: `x.name`, `{ name: v }`, a method or a class member. */
function isPropertyName(id) {
  const p = id.parent;
  return (
    ((ts.isPropertyAccessExpression(p) ||
      ts.isPropertyAssignment(p) ||
      ts.isMethodDeclaration(p) ||
      ts.isPropertyDeclaration(p) ||
      ts.isGetAccessorDeclaration(p) ||
      ts.isSetAccessorDeclaration(p)) &&
      p.name === id) ||
    ts.isLabeledStatement(p) ||
    ts.isBreakOrContinueStatement(p)
  );
}

/**
 * Renames esbuild's numbered function and class expression names back to the source names.
 * `names`: the identifiers of the sources (`sourceNames`). Returns the new code and the renames.
 */
export function restoreNames(code, names, file = 'index.cjs') {
  const sf = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);
  const edits = new Map(); // start → [end, text]
  const restored = [];
  const visit = (node) => {
    if ((ts.isFunctionExpression(node) || ts.isClassExpression(node)) && node.name) {
      const numbered = node.name.text;
      const name = sourceNameOf(numbered, names);
      if (name !== undefined) {
        const own = [];
        const scan = (n) => {
          if (ts.isIdentifier(n)) {
            if (n.text === numbered) own.push(n);
            else if (n.text === name && !isPropertyName(n)) {
              const { line } = sf.getLineAndCharacterOfPosition(n.getStart(sf));
              throw new Error(
                `${file}:${line + 1}: esbuild renamed ${name} to ${numbered} and ${name} inside it is another ` +
                  `symbol: give the ${ts.isClassExpression(node) ? 'class' : 'function'} or that symbol another name in the sources`,
              );
            }
          }
          ts.forEachChild(n, scan);
        };
        scan(node);
        for (const id of own) edits.set(id.getStart(sf), [id.end, name]);
        restored.push(`${numbered} → ${name}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  let out = code;
  for (const [start, [end, text]] of [...edits].sort((a, b) => b[0] - a[0])) {
    out = out.slice(0, start) + text + out.slice(end);
  }
  return { code: out, restored };
}
