// @brisk/schema: typed request validation with any Standard Schema library (zod, valibot,
// arktype), and an OpenAPI 3.1 document of the app from the same schemas. Decision 032.
/// <reference types="node" preserve="true" />
export { validate } from './validate.js';
export type {
  RequestPart,
  Schemas,
  ValidateOptions,
  ValidationError,
  ValidationErrorHandler,
  ValidationIssue,
  ValidationProblem,
  Validator,
} from './validate.js';
export { openapi } from './openapi.js';
export type { JSONObject, OpenAPIDocument, OpenAPIOptions } from './openapi.js';
export type {
  InferInput,
  InferOutput,
  StandardIssue,
  StandardJSONSchemaConverter,
  StandardProps,
  StandardResult,
  StandardSchemaV1,
  StandardValidateOptions,
} from './standard.js';
