/**
 * Cuts a JSON document arriving in pieces into the elements of its top-level array, so an
 * export of hundreds of MB is parsed one conversation at a time (each with the native
 * JSON.parse) and never held whole. It tracks only strings, escapes and nesting depth: one
 * pass over each character, linear in the input. A top-level object (an export of one
 * conversation) comes out whole at the end.
 */
/** One conversation larger than this is a damaged or hostile file (a deflate bomb), not a chat. */
const MAX_ELEMENT_CHARS = 64 * 1024 * 1024;

export class JsonElementSplitter {
  private held = 0;
  private depth = 0;
  private inString = false;
  private escaped = false;
  /** Pieces of the element being read. */
  private parts: string[] = [];
  private topIsObject = false;
  private started = false;

  /** Feeds the next piece of text; returns the elements it completed, as JSON text. */
  push(chunk: string): string[] {
    const out: string[] = [];
    let start = -1;
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk.charCodeAt(i);
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (c === 92) this.escaped = true;
        else if (c === 34) this.inString = false;
        continue;
      }
      if (!this.started) {
        if (c === 91)
          this.started = true; // [
        else if (c === 123) {
          this.started = true;
          this.topIsObject = true;
          this.depth = 1;
          start = i;
        } else if (c !== 0xfeff && c > 32) throw new SyntaxError('not a JSON array or object');
        continue;
      }
      if (c === 34) {
        this.inString = true;
      } else if (c === 123 || c === 91) {
        if (this.depth === 0) start = i;
        this.depth++;
      } else if (c === 125 || c === 93) {
        this.depth--;
        if (this.depth === 0 && !this.topIsObject) {
          const from = Math.max(start, 0);
          this.parts.push(chunk.slice(from, i + 1));
          out.push(this.parts.join(''));
          this.parts = [];
          this.held = 0;
          start = -1;
        }
        if (this.depth < 0) this.depth = 0;
      }
    }
    // An unfinished element (or the one top-level object) carries over into the next piece.
    if (this.depth > 0 || (this.topIsObject && this.started)) {
      const rest = chunk.slice(Math.max(start, 0));
      this.held += rest.length;
      if (this.held > MAX_ELEMENT_CHARS) throw new RangeError('one conversation in the file is larger than 64 MB');
      this.parts.push(rest);
    }
    return out;
  }

  /** The document ended: a top-level object comes out now. */
  end(): string[] {
    if (this.topIsObject && this.parts.length > 0) {
      const whole = this.parts.join('');
      this.parts = [];
      return [whole];
    }
    return [];
  }
}
