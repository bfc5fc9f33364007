// The CommonJS entry: `require('@brisk/cookie-parser')` is the middleware factory, with its
// functions as properties and its types as a namespace.
/// <reference types="node" preserve="true" />
import main = require('./cookie-parser.js');
import cookieParser = main.cookieParser;
export = cookieParser;
