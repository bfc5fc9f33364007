// The CommonJS entry: `require('@brisk/multipart')` is `multer`, with `diskStorage`,
// `memoryStorage` and `MulterError` as properties and the types as a namespace.
/// <reference types="node" preserve="true" />
import main = require('./multer.js');
import multer = main.multer;
export = multer;
