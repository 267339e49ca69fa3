// Diff mode sends the lists as typed, wrapped in one request body: a position the server names
// (a byte offset into that body) is mapped back into the list it falls in, since "column 33"
// of the page's own wrapping points nowhere in a 12-character list.
const encoder = new TextEncoder();
const decoder = new TextDecoder();

export class WrappedInput {
  /** `sides`: [member name, what the user calls it, its text (valid JSON)] of each member. */
  constructor(sides) {
    this.body = "{";
    let offset = 1;
    this.spans = sides.map(([name, label, text], index) => {
      const key = `${index ? "," : ""}${JSON.stringify(name)}:`;
      const bytes = encoder.encode(text);
      this.body += key + text;
      offset += encoder.encode(key).length;
      const span = { name, label, text, bytes, start: offset };
      offset += bytes.length;
      return span;
    });
    this.body += "}";
  }

  /** `error`'s message, its position (if any) counted in the user's list, or left out when outside both. */
  describe(error) {
    const problem = error.problem;
    if (typeof problem?.offset !== "number" || problem.expected === undefined) return error.message;
    const what = `expected ${problem.expected}, found ${problem.found}`;
    const span = this.spans.find((s) => problem.offset >= s.start && problem.offset <= s.start + s.bytes.length);
    if (!span) return `${problem.title}: ${what}`;
    const before = decoder.decode(span.bytes.subarray(0, problem.offset - span.start));
    const line = before.split("\n").length;
    const column = before.length - before.lastIndexOf("\n");
    const pointer = problem.pointer?.slice(span.name.length + 1);
    return `${span.label}, line ${line}, column ${column}${pointer ? ` (at ${pointer})` : ""}: ${what}`;
  }
}
