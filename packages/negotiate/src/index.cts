// The CommonJS entry (`require('@brisk/negotiate')`): src/index.ts's exports, copied onto a plain object
// so that it carries no `__esModule` marker, as negotiator's and accepts' modules do not (decision 016).
import mod = require('./index.js');
export = { ...mod };
