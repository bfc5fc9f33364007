// Test helper: what a finalhandler does after a router. Servers and requests come from the
// repository's shared helper (test/support/http.ts).
import type http from 'node:http';

/**
 * What a finalhandler would do after a router: `404 Cannot METHOD /path` when nothing answered,
 * the error's `status` (or 500) and its message otherwise.
 */
export function finalHandler(req: http.IncomingMessage, res: http.ServerResponse): (err?: unknown) => void {
  return (err) => {
    if (res.headersSent) {
      res.end();
      return;
    }
    if (err) {
      const status = (err as { status?: unknown }).status;
      res.statusCode = typeof status === 'number' ? status : 500;
      res.end(`final: ${err instanceof Error ? err.message : String(err)}`);
      return;
    }
    res.statusCode = 404;
    res.end(`Cannot ${req.method} ${req.url}`);
  };
}
