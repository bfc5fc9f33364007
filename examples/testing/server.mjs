// Serves the app: PORT=3000 node examples/testing/server.mjs
import app from './app.mjs';

const server = app.listen(Number(process.env.PORT ?? 3000), process.env.HOST || '127.0.0.1', () => {
  const { address, port } = server.address();
  console.log(`listening on http://${address}:${port}`);
});
