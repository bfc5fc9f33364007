// Over real HTTP: a node:http server negotiating with accepts(req) and checking typeis(req).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { serve, type TestServer } from '../../../test/support/http.js';
import { accepts, contentType, typeis } from '../src/index.js';

function listener(req: IncomingMessage, res: ServerResponse): void {
  let ct: unknown;
  try {
    ct = { ...contentType.parse(req).parameters, type: contentType.parse(req).type };
  } catch (err) {
    ct = (err as Error).message;
  }
  const body = {
    type: accepts(req).type(['json', 'html']),
    is: typeis(req, ['json']),
    encoding: accepts(req).encoding(['br', 'gzip']),
    language: accepts(req).language('fr', 'en'),
    contentType: ct,
  };
  req.resume();
  req.on('end', () => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(body));
  });
}

let server: TestServer;

async function send(headers: Record<string, string>, body?: string | string[]): Promise<Record<string, unknown>> {
  // a string is one write and an array one write per part, never with a Content-Length (chunked)
  const reply = await server.request(body === undefined ? 'GET' : 'POST', '/', {
    headers,
    body: typeof body === 'string' ? [body] : body,
  });
  return JSON.parse(reply.body) as Record<string, unknown>;
}

const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';

const CASES: [
  title: string,
  headers: Record<string, string>,
  body: string | string[] | undefined,
  expected: Record<string, unknown>,
][] = [
  [
    'browser, no body',
    { accept: BROWSER, 'accept-encoding': 'gzip, deflate, br', 'accept-language': 'en-US,en;q=0.9' },
    undefined,
    {
      type: 'html',
      is: null,
      encoding: 'gzip',
      language: 'en',
      contentType: 'content-type header is missing from object',
    },
  ],
  [
    'JSON client posting JSON',
    { accept: 'application/json', 'content-type': 'application/json; charset=utf-8' },
    '{}',
    {
      type: 'json',
      is: 'json',
      encoding: false,
      language: 'fr',
      contentType: { charset: 'utf-8', type: 'application/json' },
    },
  ],
  [
    'no Accept: the first type',
    { 'content-type': 'application/vnd.api+json' },
    '{}',
    { type: 'json', is: false, encoding: false, language: 'fr', contentType: { type: 'application/vnd.api+json' } },
  ],
  [
    'chunked body, upper-case type',
    { accept: 'image/png', 'content-type': 'APPLICATION/JSON' },
    ['{', '}'],
    { type: false, is: 'json', encoding: false, language: 'fr', contentType: { type: 'application/json' } },
  ],
  [
    'q-values pick json',
    {
      accept: 'text/html;q=0.5, application/json',
      'accept-encoding': 'br;q=0.5, gzip',
      'accept-language': 'en, fr;q=0.5',
    },
    'x=1',
    {
      type: 'json',
      is: false,
      encoding: 'gzip',
      language: 'en',
      contentType: 'content-type header is missing from object',
    },
  ],
  [
    'invalid Content-Type',
    { accept: '*/*', 'content-type': 'invalid' },
    'x',
    { type: 'json', is: false, encoding: false, language: 'fr', contentType: 'invalid media type' },
  ],
  [
    'invalid parameters: typeis still reads the type',
    { accept: 'text/*', 'content-type': 'application/json;;' },
    'x',
    { type: 'html', is: 'json', encoding: false, language: 'fr', contentType: 'invalid parameter format' },
  ],
];

test('accepts and typeis over HTTP', async (t) => {
  server = await serve(listener);
  try {
    for (const [title, headers, body, expected] of CASES) {
      await t.test(title, async () => assert.deepEqual(await send(headers, body), expected));
    }
  } finally {
    await server.close();
  }
});
