// Type-level tests, checked by the repo's `tsc -p .` (typecheck); the runtime test below only
// makes node:test load the file.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compile, match, type MatchResult, type ParamData, type ParamKeys, type Params } from '../src/index.js';

/** Exact type equality. */
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Expect<T extends true> = T;

// Parameters, wildcards, optional groups, quoted names.
export type Cases = [
  Expect<Equal<Params<'/users'>, {}>>,
  Expect<Equal<Params<'/users/:id'>, { id: string }>>,
  Expect<Equal<Params<'/users/:userId/books/:bookId'>, { userId: string; bookId: string }>>,
  Expect<Equal<Params<'/:a-:b.:c'>, { a: string; b: string; c: string }>>,
  Expect<Equal<Params<'/files/*path'>, { path: string[] }>>,
  Expect<Equal<Params<'/files/*path/edit'>, { path: string[] }>>,
  Expect<Equal<Params<'/users{/:id}'>, { id?: string }>>,
  Expect<Equal<Params<'/files{/*path}'>, { path?: string[] }>>,
  Expect<Equal<Params<'/a{/:b{/:c}}/:d'>, { b?: string; c?: string; d: string }>>,
  Expect<Equal<Params<'/:"user id"/*"the rest"'>, { 'user id': string; 'the rest': string[] }>>,
  Expect<Equal<Params<'/:"a\\"b"'>, { 'a"b': string }>>,
  Expect<Equal<Params<'/:$id_1/:café'>, { $id_1: string; café: string }>>,
  Expect<Equal<Params<'/file{.:ext}'>, { ext?: string }>>,
  // Escaped markers are text.
  Expect<Equal<Params<'/\\:notparam/\\*star/:real'>, { real: string }>>,
  Expect<Equal<Params<'/\\{:id\\}'>, { id: string }>>,
  // A name seen required and optional is required.
  Expect<Equal<Params<'/:a{/:a}'>, { a: string }>>,
  // No name, no parameter (the runtime throws a PathError for these).
  Expect<Equal<Params<'/:1/:'>, {}>>,
  // A non-literal path gives the general shape.
  Expect<Equal<Params<string>, ParamData>>,
  Expect<Equal<ParamKeys<'/users/:id/*rest'>, 'id' | 'rest'>>,
  Expect<Equal<ParamKeys<'/users{/:id}'>, 'id'>>,
  Expect<Equal<ParamKeys<'/users'>, never>>,
  Expect<Equal<ParamKeys<string>, string>>,
];

// Params<P> plugs into match() and compile().
const matchUser = match<Params<'/users/:id{/*rest}'>>('/users/:id{/*rest}');
const matched = matchUser('/users/1/a');
if (matched) {
  const id: string = matched.params.id;
  const rest: string[] | undefined = matched.params.rest;
  // @ts-expect-error: not a parameter of this path
  matched.params.name;
  void [id, rest];
}
export type MatchedUser = Expect<Equal<Exclude<typeof matched, false>, MatchResult<{ id: string; rest?: string[] }>>>;

const toUser = compile<Params<'/users/:id'>>('/users/:id');
/** Type checks only: never called (the bad calls would throw). */
export function typeOnly(): void {
  toUser({ id: '1' });
  // @ts-expect-error: id must be a string
  toUser({ id: 1 });
  // @ts-expect-error: unknown parameter name
  toUser({ di: '1' });
}

// Without a type argument, params are the general ParamData.
const loose = match('/x/:y')('/x/1');
export type Loose = Expect<Equal<Exclude<typeof loose, false>['params'], ParamData>>;

test('types.test.ts compiles (checked by tsc)', () => {
  assert.equal(toUser({ id: '1' }), '/users/1');
  assert.ok(matched);
  assert.deepEqual(matched.params.rest, ['a']);
});
