// app.render and views: engines by extension, `views` as a list searched in order, `view engine`,
// `view cache`, engines found with require(ext).__express, and the errors for missing views.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import brisk, { type Application, type Engine } from '../src/index.js';

const fixtures = join(fileURLToPath(new URL('.', import.meta.url)), 'fixtures');
const viewsA = join(fixtures, 'views', 'a');
const viewsB = join(fixtures, 'views', 'b');

/** `{{key}}` → options[key]; counts its calls. */
function engine(): Engine & { calls: number } {
  const fn = ((
    path: string,
    options: Record<string, unknown>,
    callback: (err: Error | null, html?: string) => void,
  ) => {
    fn.calls++;
    readFile(path, 'utf8', (err, text) => {
      if (err) return callback(err);
      callback(
        null,
        text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(options[key])),
      );
    });
  }) as Engine & { calls: number };
  fn.calls = 0;
  return fn;
}

/** app.render as a promise. */
function render(app: Application, name: string, options?: Record<string, unknown>): Promise<string> {
  return new Promise((resolve, reject) => {
    const done = (err: Error | null, html?: string): void => (err ? reject(err) : resolve(html as string));
    if (options) app.render(name, options, done);
    else app.render(name, done);
  });
}

describe('app.render', () => {
  it('renders with a registered engine, app.locals and options', async () => {
    const app = brisk();
    app.engine('tpl', engine());
    app.set('views', viewsA);
    app.locals.name = 'locals';
    assert.equal(await render(app, 'hello.tpl'), 'Hello locals from a');
    assert.equal(await render(app, 'hello.tpl', { name: 'options' }), 'Hello options from a');
  });

  it('takes the extension from `view engine`, with or without its dot', async () => {
    const app = brisk();
    app.engine('.tpl', engine());
    app.set('views', viewsA);
    app.set('view engine', 'tpl');
    assert.equal(await render(app, 'hello', { name: 'x' }), 'Hello x from a');
    app.set('view engine', '.tpl');
    assert.equal(await render(app, 'plain', { name: 'y' }), 'A y from a');
  });

  it('searches each `views` directory in order, and name/index', async () => {
    const app = brisk();
    app.engine('tpl', engine());
    app.set('views', [viewsA, viewsB]);
    assert.equal(await render(app, 'hello.tpl', { name: 'n' }), 'Hello n from a');
    assert.equal(await render(app, 'only.tpl', { name: 'n' }), 'Only in b n');
    assert.equal(await render(app, 'user.tpl', { name: 'n' }), 'user n');
  });

  it('names the view and the directories when it is missing', async () => {
    const app = brisk();
    app.engine('tpl', engine());
    app.set('views', viewsA);
    await assert.rejects(render(app, 'nope.tpl'), {
      message: `Failed to lookup view "nope.tpl" in views directory "${viewsA}"`,
    });
    app.set('views', [viewsA, viewsB, fixtures]);
    await assert.rejects(render(app, 'nope.tpl'), {
      message: `Failed to lookup view "nope.tpl" in views directories "${viewsA}", "${viewsB}" or "${fixtures}"`,
    });
  });

  it('fails without an extension or a view engine', async () => {
    const app = brisk();
    await assert.rejects(render(app, 'hello'), {
      message: 'No default engine was specified and no extension was provided.',
    });
  });

  it('caches the view with `view cache` or options.cache', async () => {
    const app = brisk();
    app.engine('tpl', engine());
    app.set('views', viewsA);
    await render(app, 'hello.tpl', { name: 1 });
    assert.equal(Object.keys(app.cache).length, 0);
    app.enable('view cache');
    await render(app, 'hello.tpl', { name: 2 });
    assert.deepEqual(Object.keys(app.cache), ['hello.tpl']);
    const other = brisk();
    other.engine('tpl', engine());
    other.set('views', viewsA);
    await render(other, 'plain.tpl', { name: 3, cache: true });
    assert.deepEqual(Object.keys(other.cache), ['plain.tpl']);
  });

  it('passes an engine error, sync throw included, to the callback', async () => {
    const app = brisk();
    app.set('views', viewsA);
    app.engine('tpl', () => {
      throw new Error('engine exploded');
    });
    await assert.rejects(render(app, 'hello.tpl'), { message: 'engine exploded' });
  });

  it('uses a custom `view` class', async () => {
    const app = brisk();
    class Memory {
      path = 'memory';
      root = undefined;
      constructor(public name: string) {}
      render(options: Record<string, unknown>, callback: (err: Error | null, html?: string) => void): void {
        callback(null, `memory ${this.name} ${String(options.who)}`);
      }
    }
    app.set('view', Memory);
    assert.equal(await render(app, 'anything', { who: 'me' }), 'memory anything me');
  });

  it("requires an engine by extension (`require(ext).__express`) from the app's directory", async () => {
    const cwd = process.cwd();
    const argv1 = process.argv[1];
    process.chdir(join(fixtures, 'engine-app'));
    process.argv[1] = '/nonexistent/entry.js';
    try {
      const app = brisk();
      assert.equal(app.get('views'), join(fixtures, 'engine-app', 'views'));
      assert.equal(await render(app, 'page.tpl', { name: 'by extension' }), '[tpl] found by extension');
      assert.equal(typeof app.engines['.tpl'], 'function');
      await assert.rejects(render(app, 'page.noengine'), {
        message: 'Module "noengine" does not provide a view engine.',
      });
      await assert.rejects(render(app, 'page.missing'), (err: Error & { code?: string; requireStack?: string[] }) => {
        assert.equal(err.code, 'MODULE_NOT_FOUND');
        // the places looked in, not a file that does not exist in the working directory
        const stack = ['/nonexistent/entry.js', join(fixtures, 'engine-app')];
        assert.deepEqual(err.requireStack, stack);
        assert.equal(err.message, `Cannot find module 'missing'\nRequire stack:\n- ${stack.join('\n- ')}`);
        return true;
      });
    } finally {
      process.chdir(cwd);
      process.argv[1] = argv1 as string;
    }
  });

  it('engine() requires a function', () => {
    assert.throws(() => brisk().engine('x', undefined as unknown as Engine), { message: 'callback function required' });
  });

  it('sub-apps inherit engines from the parent', async () => {
    const parent = brisk();
    const child = brisk();
    parent.engine('tpl', engine());
    child.set('views', viewsA);
    parent.use('/c', child);
    assert.equal(await render(child, 'hello.tpl', { name: 'child' }), 'Hello child from a');
  });
});
