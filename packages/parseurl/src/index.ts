/// <reference types="node" preserve="true" />
// @brisk/parseurl: memoized request URL parsing, a drop-in for parseurl 1.3.3.
import { parseurl } from './parseurl.js';

// Functions (also properties of the default export, as in parseurl)
export { originalurl as original } from './parseurl.js';

// Types
export type { ParsedUrl, Parseurl, ParseurlRequest } from './types.js';

/**
 * parseurl's module export: `require('@brisk/parseurl')(req)` parses `req.url`, memoized on
 * `req._parsedUrl`; `parseurl.original(req)` parses `req.originalUrl`.
 *
 * @example
 * const parseurl = require('@brisk/parseurl');
 * parseurl(req).pathname; // '/search' for GET /search?q=x
 */
export default parseurl;
