// The Negotiator class (drop-in for negotiator 1.1.0): a request's Accept, Accept-Charset,
// Accept-Encoding and Accept-Language headers, read on each call.
import { preferredCharsets } from './charsets.js';
import { preferredEncodings, type EncodingsOptions } from './encodings.js';
import { preferredLanguages } from './languages.js';
import { preferredMediaTypes } from './media-types.js';
import { newable } from './newable.js';

/** A request-like object: only its `headers` are read (node's `IncomingMessage` fits). */
export interface NegotiatorRequest {
  /** Request headers by lower-case name. */
  headers: { [name: string]: string | string[] | undefined };
}

/** The negotiation methods of one request. */
export interface Negotiator {
  /** The request given to the constructor. */
  request: NegotiatorRequest;
  /** The best of `available` for the Accept-Charset header (or its first charset), or undefined. */
  charset(available?: readonly string[]): string | undefined;
  /** `available` (or the header's charsets) that are acceptable, best first. Missing header: `*`. */
  charsets(available?: readonly string[]): string[];
  /** The best of `available` for the Accept-Encoding header (or its first encoding), or undefined. */
  encoding(available?: readonly string[], options?: EncodingsOptions): string | undefined;
  /** `available` (or the header's encodings) that are acceptable, best first; `identity` is implied. */
  encodings(available?: readonly string[], options?: EncodingsOptions): string[];
  /** The best of `available` for the Accept-Language header (or its first language), or undefined. */
  language(available?: readonly string[]): string | undefined;
  /** `available` (or the header's languages) that are acceptable, best first. Missing header: `*`. */
  languages(available?: readonly string[]): string[];
  /** The best of `available` for the Accept header (or its first media range), or undefined. */
  mediaType(available?: readonly string[]): string | undefined;
  /** `available` (or the header's media ranges) that are acceptable, best first. Missing header: `*\/*`. */
  mediaTypes(available?: readonly string[]): string[];
  /** Alias of `charset` (negotiator 0.x name). */
  preferredCharset(available?: readonly string[]): string | undefined;
  /** Alias of `charsets` (negotiator 0.x name). */
  preferredCharsets(available?: readonly string[]): string[];
  /** Alias of `encoding` (negotiator 0.x name). */
  preferredEncoding(available?: readonly string[], options?: EncodingsOptions): string | undefined;
  /** Alias of `encodings` (negotiator 0.x name). */
  preferredEncodings(available?: readonly string[], options?: EncodingsOptions): string[];
  /** Alias of `language` (negotiator 0.x name). */
  preferredLanguage(available?: readonly string[]): string | undefined;
  /** Alias of `languages` (negotiator 0.x name). */
  preferredLanguages(available?: readonly string[]): string[];
  /** Alias of `mediaType` (negotiator 0.x name). */
  preferredMediaType(available?: readonly string[]): string | undefined;
  /** Alias of `mediaTypes` (negotiator 0.x name). */
  preferredMediaTypes(available?: readonly string[]): string[];
}

/** The Negotiator constructor; like negotiator's, it may be called without `new`. */
export interface NegotiatorConstructor {
  new (request: NegotiatorRequest): Negotiator;
  (request: NegotiatorRequest): Negotiator;
  readonly prototype: Negotiator;
  /** The constructor itself, as negotiator's `require('negotiator').Negotiator`. */
  readonly Negotiator: NegotiatorConstructor;
}

// The aliases, set on the prototype below: declared on the class's type by merging.
// biome-ignore lint/correctness/noUnusedVariables: merges with the class below
interface NegotiatorImpl
  extends Pick<
    Negotiator,
    | 'preferredCharset'
    | 'preferredCharsets'
    | 'preferredEncoding'
    | 'preferredEncodings'
    | 'preferredLanguage'
    | 'preferredLanguages'
    | 'preferredMediaType'
    | 'preferredMediaTypes'
  > {}

class NegotiatorImpl implements Negotiator {
  request: NegotiatorRequest;
  constructor(request: NegotiatorRequest) {
    this.request = request;
  }
  charset(available?: readonly string[]): string | undefined {
    return this.charsets(available)[0];
  }
  charsets(available?: readonly string[]): string[] {
    return preferredCharsets(this.request.headers['accept-charset'], available);
  }
  encoding(available?: readonly string[], options?: EncodingsOptions): string | undefined {
    return this.encodings(available, options)[0];
  }
  encodings(available?: readonly string[], options?: EncodingsOptions): string[] {
    return preferredEncodings(this.request.headers['accept-encoding'], available, options?.preferred);
  }
  language(available?: readonly string[]): string | undefined {
    return this.languages(available)[0];
  }
  languages(available?: readonly string[]): string[] {
    return preferredLanguages(this.request.headers['accept-language'], available);
  }
  mediaType(available?: readonly string[]): string | undefined {
    return this.mediaTypes(available)[0];
  }
  mediaTypes(available?: readonly string[]): string[] {
    return preferredMediaTypes(this.request.headers.accept, available);
  }
}

// The negotiator 0.x names: the same functions (declared on the class's type above).
const proto = NegotiatorImpl.prototype;
proto.preferredCharset = proto.charset;
proto.preferredCharsets = proto.charsets;
proto.preferredEncoding = proto.encoding;
proto.preferredEncodings = proto.encodings;
proto.preferredLanguage = proto.language;
proto.preferredLanguages = proto.languages;
proto.preferredMediaType = proto.mediaType;
proto.preferredMediaTypes = proto.mediaTypes;

const negotiator = function Negotiator(request: NegotiatorRequest): Negotiator {
  return new NegotiatorImpl(request);
};
negotiator.prototype = proto;
/**
 * Content negotiation for one request, from its Accept-* headers: q-values (0 excludes), then the
 * most specific match (`text/html` over `text/*` over `*\/*`, `en-US` over `en`), then header order.
 * Callable with or without `new`.
 * @example
 * const negotiator = new Negotiator(req);
 * negotiator.mediaType(['application/json', 'text/html']) // 'text/html' for a browser
 * negotiator.encodings(['gzip', 'br'], { preferred: ['br', 'gzip'] })
 */
export const Negotiator = newable<NegotiatorConstructor>(negotiator);
// negotiator's `require('negotiator').Negotiator`, an ordinary property as there
Object.defineProperty(Negotiator, 'Negotiator', {
  configurable: true,
  enumerable: true,
  writable: true,
  value: Negotiator,
});
proto.constructor = Negotiator;
