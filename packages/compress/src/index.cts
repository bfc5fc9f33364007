// The CommonJS entry: `require('@brisk/compress')` is the middleware factory, with `filter` as a
// property and its types as a namespace (as `require('compression')` is).
/// <reference types="node" preserve="true" />
import main = require('./compression.js');
import compression = main.compression;
export = compression;
