// Type fixture: the fetch API from the built .d.ts files, CommonJS (`import x = require()`).
import brisk = require('briskjs');

const app = brisk();
const options: brisk.FetchOptions = { remoteAddress: '::1' };
const answer: Promise<Response> = app.fetch(new Request('http://localhost/'), options);
const handler: brisk.FetchHandler = async (request) => Response.json({ url: request.url });
app.use(brisk.fromFetch(handler));
const viaRouter: Promise<Response> = brisk.Router().fetch(new Request('http://localhost/'));
void [answer, viaRouter];
