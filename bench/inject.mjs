// app.inject() against the same request over HTTP: a JSON route answered N times in a row, over
// one keep-alive loopback connection and in-process. Wall time per request, three rounds.
//   node bench/inject.mjs        (after pnpm build:stale)
import http from 'node:http';
import brisk from 'briskjs';

const app = brisk();
app.get('/users/:id', (req, res) => res.json({ id: req.params.id }));
const server = await new Promise((resolve) => {
  const s = app.listen(0, '127.0.0.1', () => resolve(s));
});
const { port } = server.address();
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const overHttp = () =>
  new Promise((resolve, reject) => {
    http
      .get({ port, host: '127.0.0.1', path: '/users/7', agent }, (res) => res.resume().on('end', resolve))
      .on('error', reject);
  });

const N = 3000;
const time = async (fn) => {
  const start = process.hrtime.bigint();
  for (let i = 0; i < N; i++) await fn();
  return Number(process.hrtime.bigint() - start) / N / 1000;
};
console.log(`node ${process.version}, ${N} sequential requests per round`);
for (let round = 1; round <= 3; round++) {
  const h = await time(overHttp);
  const j = await time(() => app.inject({ url: '/users/7' }));
  console.log(`round ${round}: HTTP keep-alive ${h.toFixed(1)} µs, inject ${j.toFixed(1)} µs: ${(h / j).toFixed(1)}×`);
}
server.close();
agent.destroy();
