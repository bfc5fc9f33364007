// The CommonJS entry (`require('@brisk/path')`): src/index.ts's exports, with the `__esModule`
// marker that path-to-regexp's own build carries (decision 016).
import mod = require('./index.js');
export = mod;
