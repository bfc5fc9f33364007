// The CommonJS entry: `require('@brisk/static')` is the middleware factory, with its types as a namespace.
/// <reference types="node" preserve="true" />
import main = require('./serve-static.js');
import serveStatic = main.serveStatic;
export = serveStatic;
