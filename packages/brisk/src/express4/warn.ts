// The one warning per Express 4 habit: `process.emitWarning` with type `DeprecationWarning` (so
// `node --no-deprecation` silences it) and a stable code naming the habit. Each code is emitted
// once per process, the first time an app uses the habit. docs/express4.md lists them all.

/** Every warning the express4 entry emits: its code, and what to write in Express 5 instead. */
export const WARNINGS = {
  BRISK_E4_PATH_SYNTAX:
    "an Express 4 path pattern (`*`, `?`, `+`, `(regex)`, `:name?`, `:name(regex)`, `[...]`): write '/*splat', '{/:name}' or a RegExp instead",
  BRISK_E4_APP_DEL: 'app.del(): use app.delete() instead',
  BRISK_E4_PARAM_FN:
    'app.param(fn) / router.param(fn): refactor to use path params (Express 5 has no param processors)',
  BRISK_E4_PARAM_COLON: "router.param(':name', fn): use router.param('name', fn) instead",
  BRISK_E4_HANDLE_NO_CALLBACK: 'router.handle(req, res) without a callback: pass a callback (Express 5 requires it)',
  BRISK_E4_SEND_STATUS: 'res.send(status): use res.sendStatus(status) instead',
  BRISK_E4_SEND_STATUS_BODY:
    'res.send(status, body) / res.send(body, status): use res.status(status).send(body) instead',
  BRISK_E4_JSON_STATUS: 'res.json(status, obj) / res.json(obj, status): use res.status(status).json(obj) instead',
  BRISK_E4_JSONP_STATUS: 'res.jsonp(status, obj) / res.jsonp(obj, status): use res.status(status).jsonp(obj) instead',
  BRISK_E4_REDIRECT_URL_STATUS: 'res.redirect(url, status): use res.redirect(status, url) instead',
  BRISK_E4_LOCATION_BACK: "res.location('back') / res.redirect('back'): use req.get('Referrer') || '/' instead",
  BRISK_E4_STATUS_LENIENT: 'res.status() with a string or non-integer code: use an integer between 100 and 999',
  BRISK_E4_CLEAR_COOKIE_EXPIRY:
    'res.clearCookie() with maxAge or expires: omit them (Express 5 always expires the cookie at once)',
  BRISK_E4_VARY_NO_FIELD: 'res.vary() without a field: provide a field name',
  BRISK_E4_SENDFILE: 'res.sendfile(): use res.sendFile() (an absolute path, or the root option) instead',
  BRISK_E4_ACCEPTS_SINGULAR:
    'req.acceptsCharset() / acceptsEncoding() / acceptsLanguage(): use acceptsCharsets() / acceptsEncodings() / acceptsLanguages() instead',
  BRISK_E4_REQ_PARAM: 'req.param(name): use req.params, req.body or req.query instead',
  BRISK_E4_REQ_HOST: 'req.host without the port: use req.hostname instead (Express 5 req.host keeps the port)',
  BRISK_E4_QUERY_ASSIGN:
    'assigning req.query: Express 5 makes req.query a getter; keep sanitized values elsewhere (or redefine the property)',
  BRISK_E4_URLENCODED_EXTENDED:
    'urlencoded() without the extended option: body-parser 1 defaults it to true, Express 5 to false; provide extended',
} as const;

/** A warning code of the express4 entry. */
export type WarningCode = keyof typeof WARNINGS;

const emitted = new Set<WarningCode>();

/** Emits the warning `code` once per process (`DeprecationWarning`, silenced by `--no-deprecation`). */
export function warn(code: WarningCode): void {
  if (emitted.has(code)) return;
  emitted.add(code);
  process.emitWarning(`briskjs/express4: ${WARNINGS[code]}`, { type: 'DeprecationWarning', code });
}

/** Forgets which warnings were emitted (tests only: each habit is then reported again). */
export function resetWarnings(): void {
  emitted.clear();
}
