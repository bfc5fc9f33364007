// Constants more than one module of the router uses, written once.

/** Synchronous steps in a row before the next one waits for `setImmediate` (router 2's limit). */
export const MAX_SYNC_STEPS = 100;

// Character codes
export const SLASH = 47; // '/'
export const PERCENT = 37; // '%'
export const QUESTION = 63; // '?'
export const UPPER_A = 65; // 'A'
export const UPPER_Z = 90; // 'Z'
export const ASCII_CASE_OFFSET = 32; // 'a' - 'A'
