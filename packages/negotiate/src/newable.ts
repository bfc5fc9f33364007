// The factories accepts 2.0.0 and negotiator 1.1.0 export: functions called with or without `new`.

/**
 * `fn` typed as the factory `F` it is at run time: a function that returns an object (so that
 * `new fn(...)` gives that object too), whose `prototype` and other static properties `F`
 * declares are set by the caller next to this call.
 */
export function newable<F extends (...args: never[]) => object>(fn: (...args: Parameters<F>) => ReturnType<F>): F {
  // TypeScript gives a function expression no construct signature: `F` is what it is at run time
  return fn as unknown as F;
}
