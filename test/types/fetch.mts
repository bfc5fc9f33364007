// Type fixture: the fetch API (app.fetch, router.fetch, fromFetch) from the built .d.ts files, ESM.
import brisk, { fromFetch, Router, type FetchHandler, type FetchOptions } from 'briskjs';
import createApp, { fromFetch as appFromFetch } from '@brisk/app';

const app = brisk();
const options: FetchOptions = { remoteAddress: '203.0.113.9' };
const answer: Promise<Response> = app.fetch(new Request('http://localhost/'), options);
const viaRouter: Promise<Response> = Router().fetch(new Request('http://localhost/'));
const handler: FetchHandler = (request) => new Response(request.url);
app.use(
  '/edge',
  fromFetch(handler),
  brisk.fromFetch(async () => new Response(null, { status: 204 })),
);
createApp().use(appFromFetch(handler));
// @ts-expect-error: an option app.fetch does not know
void app.fetch(new Request('http://localhost/'), { remote: '1.2.3.4' });
// @ts-expect-error: a fetch handler gives a Response
fromFetch(() => 42);
void [answer, viaRouter, brisk.fromFetch === fromFetch];
