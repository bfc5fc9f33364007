// View: finds a template file for `app.render(name)` and renders it with its engine (Express's
// `View`, the default of the `view` setting).

import { statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, extname, join, resolve, sep } from 'node:path';

/** A template engine: `engine(path, options, callback(err, html))` (Express's `app.engine` callback). */
export type Engine = (
  path: string,
  options: Record<string, unknown>,
  callback: (err: Error | null, html?: string) => void,
) => void;

/** Options of `new View(name, options)`. */
export interface ViewOptions {
  /** The `view engine` setting: the extension of names given without one. */
  defaultEngine?: string | undefined;
  /** The `views` setting: a directory or directories, searched in order. */
  root?: string | readonly string[] | undefined;
  /** The app's engines by extension (`.ejs`), filled with `require(ext).__express` when missing. */
  engines: Record<string, Engine | undefined>;
}

/** A `view` setting: a constructor shaped like the default one (`app.set('view')`): `new View(name, { defaultEngine, root, engines })` with `path` and `render`. */
export interface ViewConstructor {
  new (name: string, options: ViewOptions): ViewLike;
}

/** What `app.render` uses of a view. */
export interface ViewLike {
  /** The file found, undefined when there is none. */
  path: string | undefined;
  /** The directory or directories searched. */
  root: string | readonly string[] | undefined;
  render(options: Record<string, unknown>, callback: (err: Error | null, html?: string) => void): void;
}

/**
 * `require` for engine modules, resolved as the application would: from its entry script's
 * directory, then from the working directory, whose error (`Cannot find module`) is thrown when
 * neither has it. Express requires engines from its own directory, which finds the app's modules
 * only when express is not isolated in its own folder, as it is under pnpm.
 */
function requireEngine(mod: string): unknown {
  const entry = process.argv[1];
  // where to resolve from: the entry script, then the working directory (a path ending in a
  // separator is a directory to createRequire)
  const bases = entry ? [resolve(entry), process.cwd() + sep] : [process.cwd() + sep];
  let missing: (Error & { code?: unknown; requireStack?: string[] }) | undefined;
  for (const base of bases) {
    const from = createRequire(base);
    let path: string | undefined;
    try {
      path = from.resolve(mod);
    } catch (err) {
      missing ??= err as Error;
      continue;
    }
    return from(path);
  }
  if (missing?.code === 'MODULE_NOT_FOUND') {
    // node's message names a file in the directory it resolved from, which need not exist: name
    // the places looked in instead (the entry script, the working directory)
    const stack = bases.map((base) => (base.endsWith(sep) ? base.slice(0, -1) : base));
    missing.message = `Cannot find module '${mod}'\nRequire stack:\n- ${stack.join('\n- ')}`;
    missing.requireStack = stack;
  }
  throw missing;
}

/** `statSync(path)`, undefined when it fails. */
function tryStat(path: string): ReturnType<typeof statSync> | undefined {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}

/**
 * A template to render: the file for `name` in the `root` directories (`name` + extension, or
 * `name/index` + extension), and the engine for its extension.
 *
 * @throws Error `No default engine was specified and no extension was provided.`
 * @throws Error `Module "<ext>" does not provide a view engine.`
 */
export class View implements ViewLike {
  /** The `view engine` setting. */
  defaultEngine: string | undefined;
  /** The extension, with its dot. */
  ext: string;
  /** The name given. */
  name: string;
  /** The directories searched. */
  root: string | readonly string[] | undefined;
  /** The engine for `ext`. */
  engine: Engine;
  /** The file found, undefined when none. */
  path: string | undefined;

  constructor(name: string, options: ViewOptions) {
    const opts = options || ({} as ViewOptions);
    this.defaultEngine = opts.defaultEngine;
    this.ext = extname(name);
    this.name = name;
    this.root = opts.root;
    if (!this.ext && !this.defaultEngine)
      throw new Error('No default engine was specified and no extension was provided.');
    let fileName = name;
    if (!this.ext) {
      const engine = this.defaultEngine as string;
      this.ext = engine[0] !== '.' ? '.' + engine : engine;
      fileName += this.ext;
    }
    if (!opts.engines[this.ext]) {
      const mod = this.ext.slice(1);
      const fn = (requireEngine(mod) as { __express?: unknown }).__express;
      if (typeof fn !== 'function') throw new Error('Module "' + mod + '" does not provide a view engine.');
      opts.engines[this.ext] = fn as Engine;
    }
    this.engine = opts.engines[this.ext] as Engine;
    this.path = this.lookup(fileName);
  }

  /** The file for `name` in the first root that has it. */
  lookup(name: string): string | undefined {
    const roots = ([] as Array<string | undefined>).concat(this.root as string);
    for (let i = 0; i < roots.length; i++) {
      const loc = resolve(roots[i] as string, name);
      const path = this.resolve(dirname(loc), basename(loc));
      if (path !== undefined) return path;
    }
    return undefined;
  }

  /** Renders with the engine; the callback is always called asynchronously. */
  render(options: Record<string, unknown>, callback: (err: Error | null, html?: string) => void): void {
    let sync = true;
    this.engine(this.path as string, options, function onRender(this: unknown, ...args: [Error | null, string?]) {
      if (!sync) return callback.apply(this, args);
      process.nextTick(() => callback.apply(this, args));
    });
    sync = false;
  }

  /** `dir/file`, or `dir/<file without ext>/index<ext>`, whichever is a file. */
  resolve(dir: string, file: string): string | undefined {
    const ext = this.ext;
    let path = join(dir, file);
    let stat = tryStat(path);
    if (stat?.isFile()) return path;
    path = join(dir, basename(file, ext), 'index' + ext);
    stat = tryStat(path);
    if (stat?.isFile()) return path;
    return undefined;
  }
}
