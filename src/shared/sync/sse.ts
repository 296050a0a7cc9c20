// Server-Sent Events, read incrementally: the one parser of GET /api/sync/stream, used by the
// client's live stream and by the tests that read the stream as a client would. Text arrives in
// arbitrary pieces; a blank line ends an event. Only `event:` and `data:` lines matter to us
// (comments, `id:` and `retry:` are skipped); an event without data is no event. Data that is not
// JSON is still an event, with `data: null`.

export interface SseEvent {
  event: string
  data: unknown
}

export class SseParser {
  private buffer = ''

  /** Adds received text; answers the events it completed, in order. */
  push(text: string): SseEvent[] {
    this.buffer += text
    // A CR LF split across two pieces leaves a CR at the end: wait for what follows it.
    const keep = this.buffer.endsWith('\r') ? 1 : 0
    const ready = this.buffer.slice(0, this.buffer.length - keep).replace(/\r\n?/g, '\n')
    const tail = this.buffer.slice(this.buffer.length - keep)
    const events: SseEvent[] = []
    let rest = ready
    let cut: number
    while ((cut = rest.indexOf('\n\n')) >= 0) {
      const event = parseBlock(rest.slice(0, cut))
      rest = rest.slice(cut + 2)
      if (event) events.push(event)
    }
    this.buffer = rest + tail
    return events
  }
}

function parseBlock(block: string): SseEvent | null {
  let event = 'message'
  const data: string[] = []
  for (const line of block.split('\n')) {
    if (line.startsWith('event:')) event = line.slice(6).trim()
    else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''))
  }
  if (!data.length) return null
  let parsed: unknown = null
  try {
    parsed = JSON.parse(data.join('\n'))
  } catch {
    // Not ours to understand: still an event.
  }
  return { event, data: parsed }
}
