// node examples/validation/server.mjs (after `pnpm build` at the root): PORT (default 3000).
import { createApp } from './app.mjs';

const server = createApp().listen(Number(process.env.PORT ?? 3000), '127.0.0.1', () => {
  console.log(`users API on http://127.0.0.1:${server.address().port} (its OpenAPI: /openapi.json)`);
});
