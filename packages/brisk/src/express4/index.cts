// The CommonJS entry: `require('briskjs/express4')` is Express 4.22's `express()`, with its
// properties and the types as a namespace.
/// <reference types="node" preserve="true" />
import main = require('./create.js');
import createApplication = main.createApplication;
export = createApplication;
