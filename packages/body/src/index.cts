// The CommonJS entry: `require('@brisk/body')` is the (deprecated) generic parser, with the four
// parsers as properties and the types as a namespace.
/// <reference types="node" preserve="true" />
import main = require('./body-parser.js');
import bodyParser = main.bodyParser;
export = bodyParser;
