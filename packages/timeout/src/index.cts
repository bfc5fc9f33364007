// The CommonJS entry: `require('@brisk/timeout')` is the middleware factory.
/// <reference types="node" preserve="true" />
import main = require('./timeout.js');
import timeout = main.timeout;
export = timeout;
