// The Set-Cookie attributes with a value from a fixed set, written as cookie 0.7's `serialize`
// and cookie 2's `stringifySetCookie` write them (each throws its own message for the rest).

/** `; Priority=Low|Medium|High` for a priority in any letter case; undefined for anything else. */
export function priorityAttribute(value: unknown): string | undefined {
  switch (typeof value === 'string' ? value.toLowerCase() : value) {
    case 'low':
      return '; Priority=Low';
    case 'medium':
      return '; Priority=Medium';
    case 'high':
      return '; Priority=High';
    default:
      return undefined;
  }
}

/** `; SameSite=Strict|Lax|None` for `true` or a value in any letter case; undefined for anything else. */
export function sameSiteAttribute(value: unknown): string | undefined {
  switch (typeof value === 'string' ? value.toLowerCase() : value) {
    case true:
    case 'strict':
      return '; SameSite=Strict';
    case 'lax':
      return '; SameSite=Lax';
    case 'none':
      return '; SameSite=None';
    default:
      return undefined;
  }
}
