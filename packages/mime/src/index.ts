// @brisk/mime: file extension ↔ media type lookups, a drop-in for mime-types 3.
/// <reference types="node" preserve="true" />

// Lookups
export { charset, charsets, contentType, extension, lookup } from './mime.js';

// Tables (from mime-db, see db.ts)
export { extensions, types } from './tables.js';
