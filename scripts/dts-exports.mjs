// What built declaration files export, read with TypeScript's checker. Per file:
// { names: value exports except default, default, exportEquals: { callable, props } | undefined }.
// `full` loads lib and @types/node (needed to expand `Omit`); without it ~20 ms a file.
import ts from 'typescript';

// `program`: read the files from a program the caller has made already (it must include them).
export function declared(files, full = false, program = undefined) {
  program ??= ts.createProgram(files, {
    ...(full ? { types: ['node'] } : { noLib: true, types: [] }),
    noEmit: true,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
  });
  const tc = program.getTypeChecker();
  const real = (s) => (s.flags & ts.SymbolFlags.Alias ? tc.getAliasedSymbol(s) : s);
  const shape = (s) => {
    const t = s && tc.getTypeOfSymbol(real(s));
    return t && { callable: t.getCallSignatures().length > 0, props: t.getProperties().map((p) => p.name) };
  };
  return files.map((file) => {
    const sf = program.getSourceFile(file);
    if (!sf) return undefined; // missing file: the caller's checks fail
    const mod = tc.getSymbolAtLocation(sf);
    if (!mod) return { names: [], default: undefined, exportEquals: undefined };
    const values = tc
      .getExportsOfModule(mod)
      .filter((s) => real(s).flags & ts.SymbolFlags.Value)
      .map((s) => s.name);
    return {
      names: values.filter((n) => n !== 'default'),
      default: shape(mod.exports.get('default')),
      exportEquals: shape(mod.exports.get('export=')),
    };
  });
}
