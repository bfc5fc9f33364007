// accepts(req) (drop-in for accepts 2.0.0): negotiation with the values an application offers,
// given as arguments or one array, types also as extension names ('json', 'html').
import { lookup } from '@brisk/mime';
import { Negotiator, type NegotiatorRequest } from './negotiator.js';
import { newable } from './newable.js';

/** The negotiation methods of one request, as `accepts(req)` returns them. */
export interface Accepts {
  /** The request headers. */
  headers: NegotiatorRequest['headers'];
  /** The Negotiator of the request. */
  negotiator: Negotiator;
  /**
   * Without arguments: the acceptable media ranges of the Accept header, best first. With types
   * (media types or extension names, as arguments or one array): the best acceptable one as given,
   * the first one when the request has no Accept header, or `false`.
   * @example
   * accepts(req).types('json', 'html') // 'html' for a browser, 'json' for `Accept: application/json`
   */
  types(): string[];
  types(types: readonly string[]): string | false;
  types(...types: string[]): string | false;
  /** Alias of `types`. */
  type(): string[];
  type(types: readonly string[]): string | false;
  type(...types: string[]): string | false;
  /**
   * Without arguments: the acceptable encodings of the Accept-Encoding header, best first
   * (`identity` included). With encodings: the best acceptable one, or `false`.
   */
  encodings(): string[];
  encodings(encodings: readonly string[]): string | false;
  encodings(...encodings: string[]): string | false;
  /** Alias of `encodings`. */
  encoding(): string[];
  encoding(encodings: readonly string[]): string | false;
  encoding(...encodings: string[]): string | false;
  /** Without arguments: the acceptable charsets, best first. With charsets: the best one, or `false`. */
  charsets(): string[];
  charsets(charsets: readonly string[]): string | false;
  charsets(...charsets: string[]): string | false;
  /** Alias of `charsets`. */
  charset(): string[];
  charset(charsets: readonly string[]): string | false;
  charset(...charsets: string[]): string | false;
  /** Without arguments: the acceptable languages, best first. With languages: the best one, or `false`. */
  languages(): string[];
  languages(languages: readonly string[]): string | false;
  languages(...languages: string[]): string | false;
  /** Alias of `languages`. */
  language(): string[];
  language(languages: readonly string[]): string | false;
  language(...languages: string[]): string | false;
  /** Alias of `languages`. */
  langs(): string[];
  langs(languages: readonly string[]): string | false;
  langs(...languages: string[]): string | false;
  /** Alias of `languages`. */
  lang(): string[];
  lang(languages: readonly string[]): string | false;
  lang(...languages: string[]): string | false;
}

/** `accepts`: callable with or without `new`, like accepts 2.0.0's export. */
export interface AcceptsFactory {
  (req: NegotiatorRequest): Accepts;
  new (req: NegotiatorRequest): Accepts;
  readonly prototype: Accepts;
}

type Values = readonly unknown[];

/** The values of a call, as accepts reads them: one array, or every argument when the first is truthy. */
function valuesOf(args: Values): Values | undefined {
  const first = args[0];
  return first && !Array.isArray(first) ? args : (first as Values | undefined);
}

/** A media type for a type as given: a string without "/" is an extension name, looked up. */
function toMime(type: unknown): unknown {
  return typeof type === 'string' && type.indexOf('/') === -1 ? lookup(type) : type;
}

// The singular aliases, set on the prototype below: declared on the class's type by merging.
// biome-ignore lint/correctness/noUnusedVariables: merges with the class below
interface AcceptsImpl extends Pick<Accepts, 'type' | 'encoding' | 'charset' | 'language' | 'langs' | 'lang'> {}

class AcceptsImpl implements Accepts {
  headers: NegotiatorRequest['headers'];
  negotiator: Negotiator;

  constructor(req: NegotiatorRequest) {
    this.headers = req.headers;
    this.negotiator = new Negotiator(req);
  }

  types(): string[];
  types(types: readonly string[]): string | false;
  types(...types: string[]): string | false;
  types(...args: unknown[]): string | string[] | false {
    const types = valuesOf(args);
    if (!types || types.length === 0) return this.negotiator.mediaTypes();
    if (!this.headers.accept) return types[0] as string;

    const mimes = types.map(toMime);
    const valid: string[] = [];
    for (let i = 0; i < mimes.length; i++) {
      const mime = mimes[i];
      if (typeof mime === 'string') valid.push(mime);
    }
    const first = this.negotiator.mediaTypes(valid)[0];
    return first ? (types[mimes.indexOf(first)] as string) : false;
  }

  encodings(): string[];
  encodings(encodings: readonly string[]): string | false;
  encodings(...encodings: string[]): string | false;
  encodings(...args: unknown[]): string | string[] | false {
    const encodings = valuesOf(args);
    if (!encodings || encodings.length === 0) return this.negotiator.encodings();
    return this.negotiator.encodings(encodings as readonly string[])[0] || false;
  }

  charsets(): string[];
  charsets(charsets: readonly string[]): string | false;
  charsets(...charsets: string[]): string | false;
  charsets(...args: unknown[]): string | string[] | false {
    const charsets = valuesOf(args);
    if (!charsets || charsets.length === 0) return this.negotiator.charsets();
    return this.negotiator.charsets(charsets as readonly string[])[0] || false;
  }

  languages(): string[];
  languages(languages: readonly string[]): string | false;
  languages(...languages: string[]): string | false;
  languages(...args: unknown[]): string | string[] | false {
    const languages = valuesOf(args);
    if (!languages || languages.length === 0) return this.negotiator.languages();
    return this.negotiator.languages(languages as readonly string[])[0] || false;
  }
}

const proto = AcceptsImpl.prototype;
proto.type = proto.types;
proto.encoding = proto.encodings;
proto.charset = proto.charsets;
proto.lang = proto.langs = proto.language = proto.languages;

const acceptsOf = function accepts(req: NegotiatorRequest): Accepts {
  return new AcceptsImpl(req);
};
acceptsOf.prototype = proto;

/**
 * The negotiation methods of a request (`types`, `encodings`, `charsets`, `languages` and their
 * singular aliases). Callable with or without `new`.
 * @example
 * switch (accepts(req).type(['json', 'html'])) {
 *   case 'json': res.setHeader('Content-Type', 'application/json'); break;
 *   case 'html': res.setHeader('Content-Type', 'text/html'); break;
 *   default: res.statusCode = 406; // Not Acceptable
 * }
 */
export const accepts = newable<AcceptsFactory>(acceptsOf);
proto.constructor = accepts;
