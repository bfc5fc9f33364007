// The CommonJS entry: `require('@brisk/parseurl')` is the function, with its types as a namespace.
/// <reference types="node" preserve="true" />
import main = require('./parseurl.js');
import parseurl = main.parseurl;
export = parseurl;
