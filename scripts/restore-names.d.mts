/** Every identifier-like word in the TypeScript files under `dir`, recursively. */
export function sourceNames(dir: string, names?: Set<string>): Set<string>;
/** Renames esbuild's numbered function and class expression names back to the source names. */
export function restoreNames(
  code: string,
  names: ReadonlySet<string>,
  file?: string,
): { code: string; restored: string[] };
