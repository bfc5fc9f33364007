// The CommonJS entry: `require('@brisk/logger')` is the middleware factory, with its functions,
// formats and tokens as properties and its types as a namespace.
/// <reference types="node" preserve="true" />
import main = require('./logger.js');
import logger = main.logger;
export = logger;
