// Type-level tests (issue 32, section 2): the app is described once by its implementation
// (application.ts's `App`, derived from `application`'s methods) and once publicly (types.ts's
// `Express`), and the compiler ties the two, and the app the request and response read
// (`AppView`), so that renaming or retyping a method fails `tsc -p .` (typecheck) wherever it is
// described. Each `@ts-expect-error` below is a mismatch the checks catch: were one not caught,
// the directive itself would fail the typecheck. The runtime test only makes node:test load the file.
import assert from 'node:assert/strict';
import type { IncomingMessage } from 'node:http';
import { test } from 'node:test';
import type { App, AppView, Undescribed, Unfit, application } from '../src/application.js';
import type { BriskRequest } from '../src/request.js';
import type { BriskResponse } from '../src/response.js';
import type { Application, Express } from '../src/types.js';
import type { Engine } from '../src/view.js';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Expect<T extends true> = T;
/** Fails to compile unless `T` is `never`. */
type None<T extends never> = T;

// The implementation fits the public type (what application.ts asserts too).
type _fits = None<Unfit<App, Express, 'route'>>;
type _described = None<Undescribed<keyof typeof application, Express>>;

// --- a method renamed in the implementation: `engine` is no longer implemented ...
type RenamedImpl = Omit<App, 'engine'> & { engin: App['engine'] };
// @ts-expect-error: 'engine' is described by Express and missing from the implementation
type _renamedImpl = None<Unfit<RenamedImpl, Express, 'route'>>;
// ... and the new name is not described
// @ts-expect-error: 'engin' is implemented and described nowhere
type _renamedImplUndescribed = None<Undescribed<keyof typeof application | 'engin', Express>>;

// --- a method renamed in the public type: the implementation's name is no longer described
type RenamedPublic = Omit<Express, 'engine'> & { addEngine(ext: string, fn: Engine): Express };
// @ts-expect-error: 'addEngine' is described and not implemented
type _renamedPublic = None<Unfit<App, RenamedPublic, 'route'>>;
// @ts-expect-error: 'engine' is implemented and no longer described
type _renamedPublicUndescribed = None<Undescribed<keyof typeof application, RenamedPublic>>;

// --- a parameter retyped in the public type: a call it allows would not reach the implementation
type RetypedParam = Omit<Express, 'engine'> & { engine(ext: number, fn: Engine): Express };
// @ts-expect-error: engine(ext: number) does not fit the implementation's engine(ext: string)
type _retypedParam = None<Unfit<App, RetypedParam, 'route'>>;

// --- a parameter retyped in the implementation
type RetypedImplParam = Omit<App, 'path'> & { path(root: string): string };
// @ts-expect-error: path(root) needs an argument the public path() does not pass
type _retypedImplParam = None<Unfit<RetypedImplParam, Express, 'route'>>;

// --- a return retyped in the implementation
type RetypedReturn = Omit<App, 'enabled'> & { enabled(setting: string): string };
// @ts-expect-error: enabled() described as returning a boolean
type _retypedReturn = None<Unfit<RetypedReturn, Express, 'route'>>;

// --- a chainable method that stops returning the app
type Unchained = Omit<App, 'engine'> & { engine(ext: string, fn: Engine): void };
// @ts-expect-error: engine() is described as returning the app (`this`)
type _unchained = None<Unfit<Unchained, Express, 'route'>>;

// --- what the request and response read of their app: the public Application must be one
type _view = Expect<Equal<Application extends AppView ? true : false, true>>;
type WithoutRender = Omit<Application, 'render'>;
type _noRender = Expect<Equal<WithoutRender extends AppView ? true : false, false>>;
type RenderRetyped = Omit<Application, 'render'> & { render(name: string, options: number): void };
type _renderRetyped = Expect<Equal<RenderRetyped extends AppView ? true : false, false>>;
// the classes' `app` is that view, and the public Request/Response extend the classes with
// `app: Application` (types.ts): a public app without `render` would not extend them
type _reqApp = Expect<Equal<BriskRequest['app'], AppView>>;
type _resApp = Expect<Equal<BriskResponse['app'], AppView>>;
// @ts-expect-error: an app without `render` is not the app a request reads
interface BrokenRequest extends BriskRequest {
  readonly app: WithoutRender;
}

// the view reads what the implementation has, under the same names
type _viewFromImpl = Expect<Equal<AppView['get'], App['get']>>;
type _settings = Expect<Equal<AppView['settings'], App['settings']>>;

function uses(req: BrokenRequest, msg: IncomingMessage): unknown {
  return [req, msg];
}

test('types: the app implementation and its public descriptions are tied (compile-time checks)', () => {
  assert.equal(typeof uses, 'function');
});
