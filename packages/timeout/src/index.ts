// @brisk/timeout: request deadlines, a drop-in for connect-timeout 1.9.1 that also aborts
// brisk's `req.signal`. `require('@brisk/timeout')` is the factory, as connect-timeout's is.
/// <reference types="node" preserve="true" />
import { timeout } from './timeout.js';

export type { TimeoutMiddleware, TimeoutOptions, TimeoutRequest } from './types.js';

/** `timeout(time?, options?)`: the deadline middleware factory (the module itself in CommonJS). */
export default timeout;
