// The package's version, read from its package.json by the CommonJS build (dist/version.js sits one
// directory below it). The ESM sources, which the workspace's tests run, have no `require`.
/** This package's version (`0.0.0-source` when running from source). */
export const VERSION: string =
  typeof require === 'function' ? (require('../package.json') as { version: string }).version : '0.0.0-source';
