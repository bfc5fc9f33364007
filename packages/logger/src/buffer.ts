/**
 * morgan's `buffer` option: lines are collected and written to the stream together, `interval`
 * milliseconds after the first one of a batch. The timer is unref'd (a quiet logger never keeps
 * the process alive); lines still pending when the event loop empties are written then
 * (`beforeExit`), so a process that ends on its own loses none.
 */
import { report } from './report.js';
import type { LogStream } from './types.js';

/** morgan's flush interval when `buffer: true`. */
export const DEFAULT_BUFFER_INTERVAL = 1000;

/** A buffer holding lines: flushed by its timer or at `beforeExit`. */
class LineBuffer implements LogStream {
  private readonly lines: string[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  private readonly onTimer = (): void => this.flush();

  constructor(
    private readonly stream: LogStream,
    private readonly interval: number,
  ) {}

  write(line: string): void {
    if (this.timer === null) {
      this.timer = setTimeout(this.onTimer, this.interval);
      // (a mocked setTimeout may return a plain number)
      if (typeof this.timer === 'object') this.timer.unref();
      pending.add(this);
    }
    this.lines.push(line);
  }

  flush(): void {
    if (this.timer !== null) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    pending.delete(this);
    const text = this.lines.join('');
    this.lines.length = 0;
    try {
      this.stream.write(text);
    } catch (err) {
      report(err, 'buffered lines could not be written');
    }
  }
}

/** The buffers holding lines; flushed when the event loop empties. */
const pending = new Set<LineBuffer>();
let hooked = false;

function flushPending(): void {
  for (const buffer of pending) buffer.flush();
}

/**
 * A minimal stream writing to `stream` in batches: one `write` per `interval` ms at most.
 */
export function createBufferStream(stream: LogStream, interval: number): LogStream {
  if (!hooked) {
    hooked = true;
    process.on('beforeExit', flushPending);
  }
  return new LineBuffer(stream, interval);
}
