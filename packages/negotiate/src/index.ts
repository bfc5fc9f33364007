// @brisk/negotiate: drop-in for negotiator 1.1.0 (Negotiator), accepts 2.0.0 (accepts),
// type-is 2.1.0 (typeis), type-is 3.0.0 (typeis3, and its class TypeIs), content-type 1.0.5
// (contentType) and content-type 3.1.1 (contentType3), each under one name.

// Accept-* negotiation (negotiator)
export { Negotiator } from './negotiator.js';
export type { NegotiatorConstructor, NegotiatorRequest } from './negotiator.js';
export type { EncodingsOptions } from './encodings.js';

// Negotiation against offered values and extension names (accepts)
export { accepts } from './accepts.js';
export type { Accepts, AcceptsFactory } from './accepts.js';

// Request body type checks (type-is)
export { typeis, hasBody } from './type-is.js';
export type { TypeIsFunction, TypeIsRequest, TypeList } from './type-is.js';
// type-is 3.0.0's API, beside type-is 2.1.0's typeis (decision 033)
export { TypeIs, typeis3 } from './type-is-3.js';
export type { NormalizeOptions, ParameterValue, TypeIsLookup, TypeIsOptions } from './type-is-3.js';

// The charset a Content-Type names, read leniently (content-type 2.1, as body parsers read it)
export { charsetOf } from './header.js';

// Content-Type parse / format (content-type)
export { contentType } from './content-type.js';
// content-type 2.x/3.x's lenient reading, beside 1.0.5's strict contentType (decision 033)
export { contentType3, parseContentType, formatContentType, isTypeValid, isTokenValid } from './media-type.js';
export type { ContentTypeObject, ParseContentTypeOptions, ParsedContentType } from './media-type.js';
export type { ContentTypeRequest, ContentTypeResponse, MediaType, ParsedMediaType } from './content-type.js';
