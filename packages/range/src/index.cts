// The CommonJS entry: `require('@brisk/range')` is the function, with its types as a namespace.
import main = require('./range-parser.js');
import rangeParser = main.rangeParser;
export = rangeParser;
