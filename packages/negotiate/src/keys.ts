// Parameter names as keys of prototype-less objects. V8 stores a freshly sliced string into a
// dictionary-mode object (what Object.create(null) makes) about ten times slower than a string it
// has seen before, so each name is stored through one canonical copy of it.

/** Canonical copies of the parameter names seen so far (short ones only, see `keyOf`). */
const seen = new Map<string, string>();

/**
 * The canonical copy of parameter name `name`. Names of up to 12 chars are remembered (V8 copies
 * slices that short, so a remembered name never pins a whole header in memory), 512 at most.
 */
export function keyOf(name: string): string {
  if (name === 'charset') return 'charset';
  if (name === 'boundary') return 'boundary';
  if (name.length > 12) return name;
  const known = seen.get(name);
  if (known !== undefined) return known;
  if (seen.size < 512) seen.set(name, name);
  return name;
}
