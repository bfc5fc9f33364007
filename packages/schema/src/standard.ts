// The two interfaces schema libraries implement, declared here from the published Standard Schema
// v1 specification (the npm package `@standard-schema/spec`), so that @brisk/schema depends on
// no schema package: Standard Schema (`~standard.validate`, zod ≥ 3.24, valibot ≥ 1, arktype ≥ 2)
// and its JSON Schema extension (`~standard.jsonSchema`, zod 4, arktype 2, valibot through
// `@valibot/to-json-schema`'s `toStandardJsonSchema`). Both are structural: a schema is anything
// with these properties.

/** One problem a schema found: a message and where (`['items', 0, 'name']`; a segment may be `{ key }`). */
export interface StandardIssue {
  readonly message: string;
  readonly path?: ReadonlyArray<PropertyKey | { readonly key: PropertyKey }> | undefined;
}

/** What `validate` gives: the output value, or the issues (a falsy `issues` means success). */
export type StandardResult<Output> =
  | { readonly value: Output; readonly issues?: undefined }
  | { readonly issues: ReadonlyArray<StandardIssue> };

/** Options a library may read from the second argument of `validate`. */
export interface StandardValidateOptions {
  readonly libraryOptions?: Record<string, unknown> | undefined;
}

/** Converts a schema to JSON Schema (`target`: `'draft-2020-12'`, `'draft-07'`, `'openapi-3.0'`). */
export interface StandardJSONSchemaConverter {
  readonly input: (options: {
    readonly target: string;
    readonly libraryOptions?: Record<string, unknown>;
  }) => Record<string, unknown>;
  readonly output: (options: {
    readonly target: string;
    readonly libraryOptions?: Record<string, unknown>;
  }) => Record<string, unknown>;
}

/** The `~standard` property of a schema. */
export interface StandardProps<Input = unknown, Output = Input> {
  readonly version: 1;
  readonly vendor: string;
  readonly validate: (
    value: unknown,
    options?: StandardValidateOptions | undefined,
  ) => StandardResult<Output> | Promise<StandardResult<Output>>;
  /** Types only: what the schema accepts and what it gives. */
  readonly types?: { readonly input: Input; readonly output: Output } | undefined;
  /** The JSON Schema extension, where the library implements it. */
  readonly jsonSchema?: StandardJSONSchemaConverter | undefined;
}

/** A Standard Schema v1: any schema of zod 4 (or 3.24+), valibot 1 or arktype 2. */
export interface StandardSchemaV1<Input = unknown, Output = Input> {
  readonly '~standard': StandardProps<Input, Output>;
}

/** The output type of a Standard Schema. */
export type InferOutput<S extends StandardSchemaV1> = NonNullable<S['~standard']['types']>['output'];
/** The input type of a Standard Schema. */
export type InferInput<S extends StandardSchemaV1> = NonNullable<S['~standard']['types']>['input'];
