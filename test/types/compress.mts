// Type fixture: @brisk/compress's built declarations as an ESM TypeScript user sees them.
import compression, { filter, type CompressionOptions, type ZstdOptions } from '@brisk/compress';
import brisk from 'briskjs';

const zstd: ZstdOptions = { params: { 100: 3 } };
const options: CompressionOptions = { threshold: 0, zstd, filter: (req, res) => filter(req, res) };
const app = brisk();
app.use(compression(options));
app.get('/', (_req, res) => {
  res.flush();
  res.send('ok');
});
const same: typeof filter = compression.filter;
void same;
// @ts-expect-error: a level is a number
compression({ level: '9' });
