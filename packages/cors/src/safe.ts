// What may be put into a header as it is: checked for configured text once, for request text
// before it is sent back.

/**
 * Characters node refuses in a header value (`validateHeaderValue`): controls but tab, and code
 * points above U+00FF. Configured text is checked once; text that comes with a request
 * (`Origin`, `Access-Control-Request-Headers`) before it is sent back, since a request that did
 * not come through node's parser (a test double, a custom server) can hold anything.
 */
const INVALID_HEADER_CHAR = /[^\t\x20-\x7e\x80-\xff]/;

/** Is `value` text that node puts into a header as it is. */
export function isHeaderSafe(value: string): boolean {
  return !INVALID_HEADER_CHAR.test(value);
}
