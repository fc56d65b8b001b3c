// Incremental Server-Sent Events parser (the text/event-stream format of
// the HTML standard), fed with decoded text as it arrives from fetch():
// EventSource cannot POST, so the page parses the stream itself.
export class SSEParser {
  constructor(onEvent) {
    this.onEvent = onEvent;
    this.buf = '';
    this.event = '';
    this.data = [];
  }

  // push feeds the next piece of the stream; complete events are
  // dispatched, a partial line waits for the next piece.
  push(text) {
    this.buf += text;
    for (;;) {
      const m = /\r\n|\n|\r/.exec(this.buf);
      if (!m) return;
      // A lone CR at the very end may be the first half of CRLF.
      if (m[0] === '\r' && m.index === this.buf.length - 1) return;
      const line = this.buf.slice(0, m.index);
      this.buf = this.buf.slice(m.index + m[0].length);
      this.line(line);
    }
  }

  // end flushes a final line without its terminator; an event not closed
  // by a blank line is dropped, as the standard says.
  end() {
    if (this.buf !== '') {
      this.line(this.buf.replace(/\r$/, ''));
      this.buf = '';
    }
  }

  line(line) {
    if (line === '') {
      if (this.data.length > 0) {
        this.onEvent({ event: this.event || 'message', data: this.data.join('\n') });
      }
      this.event = '';
      this.data = [];
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') this.event = value;
    else if (field === 'data') this.data.push(value);
  }
}
