// The API reference's two additions to what the declarations say (pnpm docs, typedoc.json):
// - members that a mapped type makes, one per HTTP method (`app.get`, `router.post`, ...,
//   from `http.METHODS`) or per status (`createError.NotFound`, `createError[404]`), get the one
//   description their type gives them all, instead of none;
// - every member that is an Express API (`app.use`, `req.params`, `res.send`, `express.json`, ...)
//   links the matching section of Express's own API reference;
// - a type's members declared by brisk are shown as the type's own (the public `Response` extends
//   the class that implements it, so `res.send` was "Inherited from BriskResponse" and the
//   "Inherited" filter hid it with node's stream methods); members node's types declare stay
//   inherited (the filter hides them) and cite no `@types/node` file: the types brisk compiles
//   against are those of its oldest Node, not the Node a reader runs (their names link to
//   nodejs.org through `externalSymbolLinkMappings`).
import { readFileSync } from 'node:fs';
import { METHODS, STATUS_CODES } from 'node:http';
import { Comment, CommentTag, Converter, ReflectionFlag, ReflectionKind } from 'typedoc';

const EXPRESS_API = 'https://expressjs.com/en/5x/api.html';

/** The Express API reference's sections, by object. */
const EXPRESS = {
  express: ['json', 'raw', 'Router', 'static', 'text', 'urlencoded'],
  app: [
    'locals',
    'mountpath',
    'router',
    'all',
    'delete',
    'disable',
    'disabled',
    'enable',
    'enabled',
    'engine',
    'get',
    'listen',
    'param',
    'path',
    'post',
    'put',
    'render',
    'route',
    'set',
    'use',
  ],
  req: [
    'app',
    'baseUrl',
    'body',
    'cookies',
    'fresh',
    'host',
    'hostname',
    'ip',
    'ips',
    'method',
    'originalUrl',
    'params',
    'path',
    'protocol',
    'query',
    'res',
    'route',
    'secure',
    'signedCookies',
    'stale',
    'subdomains',
    'xhr',
    'accepts',
    'acceptsCharsets',
    'acceptsEncodings',
    'acceptsLanguages',
    'get',
    'is',
    'range',
  ],
  res: [
    'app',
    'headersSent',
    'locals',
    'req',
    'append',
    'attachment',
    'cookie',
    'clearCookie',
    'download',
    'end',
    'format',
    'get',
    'json',
    'jsonp',
    'links',
    'location',
    'redirect',
    'render',
    'send',
    'sendFile',
    'sendStatus',
    'set',
    'status',
    'type',
    'vary',
  ],
  router: ['all', 'param', 'route', 'use'],
};

/** brisk's types and the Express object each one is. */
const OWNERS = {
  Application: 'app',
  Express: 'app',
  Request: 'req',
  Response: 'res',
  Router: 'router',
  IRouter: 'router',
  RouterInstance: 'router',
};

const ROUTING = new Set(METHODS.map((m) => m.toLowerCase()));
const STATUS_NAMES = new Map(
  Object.entries(STATUS_CODES).map(([code, text]) => [
    String(text)
      .replace(/[^ A-Za-z0-9]/g, '')
      .split(' ')
      .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
      .join(''),
    code,
  ]),
);

const text = (s) => [{ kind: 'text', text: s }];

/** The comment to give a member a mapped type made, or undefined. */
function generated(owner, name) {
  if (ROUTING.has(name) && owner !== 'CreateError') {
    return owner === 'Route'
      ? `Adds handlers for \`${name.toUpperCase()}\` requests to this route (one such method per entry of \`http.METHODS\`); returns the route.`
      : `Routes \`${name.toUpperCase()}\` requests on a path to handlers (one such method per entry of \`http.METHODS\`, as \`app.METHOD\`/\`router.METHOD\`).`;
  }
  if (name === 'all') return 'Routes requests of every method on a path to handlers.';
  if (owner === 'CreateError' || owner === 'HttpErrorConstructors') {
    if (/^\d{3}$/.test(name)) return `The \`HttpError\` class for status ${name} (${STATUS_CODES[name]}).`;
    const code = STATUS_NAMES.get(name);
    if (code) return `The \`HttpError\` class for status ${code} (${STATUS_CODES[code]}), as http-errors names it.`;
  }
  return undefined;
}

/** Whether a reflection is declared in node's types (`@types/node`). */
const fromNode = (reflection) => (reflection.sources ?? []).some((s) => /(^|\/)@types\/node\//.test(s.fullFileName));

/** Whether a reflection is declared in one of brisk's packages. */
const fromBrisk = (reflection) =>
  (reflection.sources ?? []).length > 0 &&
  (reflection.sources ?? []).every((s) => /\/packages\/[\w-]+\/src\//.test(s.fullFileName));

/** @param {import('typedoc').Application} app */
export function load(app) {
  app.converter.on(Converter.EVENT_RESOLVE_END, (context) => {
    const owners = context.project.getReflectionsByKind(ReflectionKind.Interface | ReflectionKind.Class);
    for (const owner of owners) {
      for (const member of owner.children ?? []) {
        const parts = [member, ...(member.signatures ?? []), member.getSignature, member.setSignature].filter(Boolean);
        if (fromNode(member)) {
          for (const part of parts) part.sources = undefined;
        } else if (member.inheritedFrom && fromBrisk(member)) {
          for (const part of parts) part.inheritedFrom = undefined;
          member.setFlag(ReflectionFlag.Inherited, false);
        }
      }
    }
  });
  app.converter.on(Converter.EVENT_RESOLVE_BEGIN, (context) => {
    // each module under its npm name (`@brisk/http`), not its folder (`http/src`)
    for (const module of context.project.children ?? []) {
      // a subpath entry (brisk/src/express4) under its import name (briskjs/express4)
      const [, dir, sub] = /^([\w-]+)\/src(?:\/([\w-]+))?$/.exec(module.name) ?? [];
      if (dir)
        module.name = JSON.parse(readFileSync(`packages/${dir}/package.json`, 'utf8')).name + (sub ? `/${sub}` : '');
    }
    const members = context.project.getReflectionsByKind(
      ReflectionKind.Property |
        ReflectionKind.Method |
        ReflectionKind.Accessor |
        ReflectionKind.Function |
        ReflectionKind.Variable,
    );
    for (const member of members) {
      const owner = member.parent?.name;
      const signatures = member.signatures ?? [];
      const documented =
        member.comment ||
        signatures.some((s) => s.comment) ||
        member.type?.declaration?.signatures?.some((s) => s.comment);
      if (!documented) {
        const description = generated(owner, member.name);
        if (description) member.comment = new Comment(text(description));
      }
      // the Express API section this member is: a member of app, req, res or a router, or one of
      // the functions a package's module exports (express.json, express.static, ...)
      const inModule = member.parent?.kind === ReflectionKind.Module;
      const object = inModule ? (EXPRESS.express.includes(member.name) ? 'express' : undefined) : OWNERS[owner];
      if (!object) continue;
      let anchor;
      if (EXPRESS[object].includes(member.name)) anchor = `${object}.${member.name}`;
      else if ((object === 'app' || object === 'router') && ROUTING.has(member.name)) anchor = `${object}.METHOD`;
      if (!anchor) continue;
      const tag = new CommentTag('@see', text(`Express: [${anchor}](${EXPRESS_API}#${anchor})`));
      const target = member.comment ?? signatures.find((s) => s.comment)?.comment;
      if (target) target.blockTags.push(tag);
      else member.comment = new Comment([], [tag]);
    }
  });
}
