// The package's version, written in by the build (tsup's `define`); running from source, there is none.
declare const __BRISK_VERSION__: string | undefined;

/** This package's version (`0.0.0-source` when running from source). */
export const VERSION: string = typeof __BRISK_VERSION__ === 'string' ? __BRISK_VERSION__ : '0.0.0-source';
