// The CommonJS entry: `require('@brisk/cors')` is the middleware factory, with its types as a namespace.
/// <reference types="node" preserve="true" />
import main = require('./cors.js');
import cors = main.middlewareWrapper;
export = cors;
