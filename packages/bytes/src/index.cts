// The CommonJS entry: `require('@brisk/bytes')` is the function, with its types as a namespace.
import main = require('./bytes.js');
import bytes = main.bytes;
export = bytes;
