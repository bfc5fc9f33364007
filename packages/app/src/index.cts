// The CommonJS entry: `require('@brisk/app')` is `createApplication`, as `require('express')` is,
// with Express's properties and the types as a namespace.
/// <reference types="node" preserve="true" />
import main = require('./create.js');
import createApplication = main.createApplication;
export = createApplication;
