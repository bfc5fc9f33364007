// @brisk/bytes: parse and format byte sizes, a drop-in for bytes 3.1.
import { bytes } from './bytes.js';

// Functions
export { format } from './format.js';
export { parse } from './parse.js';

// Types
export type { BytesOptions, Unit } from './format.js';
/** The type of `bytes`: formats a number, parses a string; carries `format` and `parse`. */
export type Bytes = bytes.Bytes;

/** `bytes(value, options?)`: formats a number of bytes or parses a byte size (the module itself in CommonJS). */
export default bytes;
