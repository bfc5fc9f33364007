// The CommonJS entry: `require('@brisk/router')` is the `Router` constructor, with `Route` as a
// property and the types as a namespace.
/// <reference types="node" preserve="true" />
import main = require('./module.js');
import Router = main.Router;
export = Router;
