// Byte units, 1024-based (b, kb, mb, gb, tb, pb), as bytes 3.1 defines them.

/** Bytes in one kilobyte (1024). */
export const KB = 1024;
/** Bytes in one megabyte (1024²). */
export const MB = KB * 1024;
/** Bytes in one gigabyte (1024³). */
export const GB = MB * 1024;
/** Bytes in one terabyte (1024⁴). */
export const TB = GB * 1024;
/** Bytes in one petabyte (1024⁵). */
export const PB = TB * 1024;

/**
 * Bytes in one unit named in lower case (`'b'`, `'kb'`, ... `'pb'`), or 0 when the name is not a
 * unit. A switch, not an object lookup: `'constructor'` or `'__proto__'` are not units.
 */
export function unitSize(lower: string): number {
  switch (lower) {
    case 'b':
      return 1;
    case 'kb':
      return KB;
    case 'mb':
      return MB;
    case 'gb':
      return GB;
    case 'tb':
      return TB;
    case 'pb':
      return PB;
    default:
      return 0;
  }
}

/**
 * Bytes in the two-letter unit whose character codes are `a` and `b` (`kb`, `mb`, `gb`, `tb`, `pb`,
 * ASCII case-insensitive), or 0. `| 0x20` lower-cases an ASCII letter and maps no other code onto one.
 */
export function unitSizeOfCodes(a: number, b: number): number {
  if ((b | 0x20) !== 0x62 /* b */) return 0;
  switch (a | 0x20) {
    case 0x6b /* k */:
      return KB;
    case 0x6d /* m */:
      return MB;
    case 0x67 /* g */:
      return GB;
    case 0x74 /* t */:
      return TB;
    case 0x70 /* p */:
      return PB;
    default:
      return 0;
  }
}
