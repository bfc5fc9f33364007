export function format(n: number): string { return String(n); }
export function parse(s: string): number | null { return Number(s); }
export interface Bytes { (value: number): string; format: typeof format; parse: typeof parse }
const bytes = Object.assign(function bytes(value: number) { return format(value); }, { format, parse }) as Bytes;
export default bytes;
