// The CommonJS entry (`require('@brisk/mime')`): src/index.ts's exports, copied onto a plain object
// so that it carries no `__esModule` marker, as mime-types's modules do not (decision 016).
/// <reference types="node" preserve="true" />
import mod = require('./index.js');
export = { ...mod };
