/** A CSV problem at a line of the file. */
export class CsvError extends Error {
  override name = "CsvError";
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message);
  }
}

export interface CsvRecord {
  fields: string[];
  /** Line of the file where the record starts (1-based; a quoted field may span lines). */
  line: number;
}

/**
 * Incremental RFC 4180 reader: comma-separated, `"` quoting with `""` escapes, LF or CRLF, a leading BOM ignored,
 * blank lines skipped. Lines without quotes take a fast path (a plain split), which is nearly every line of a
 * source file.
 */
export class CsvReader {
  private rest = "";
  private line = 1;
  private started = false;

  /** Records completed by `chunk`. With `final`, the end of input closes the last record. */
  *feed(chunk: string, final = false): Generator<CsvRecord> {
    let text = this.rest + chunk;
    if (!this.started && text.length > 0) {
      this.started = true;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    let pos = 0;
    while (pos < text.length) {
      const nl = text.indexOf("\n", pos);
      if (nl === -1 && !final) break;
      const end = nl === -1 ? text.length : nl;
      const quote = text.indexOf('"', pos);
      if (quote === -1 || quote > end) {
        const raw = text.charCodeAt(end - 1) === 13 ? text.slice(pos, end - 1) : text.slice(pos, end);
        if (raw !== "") yield { fields: raw.split(","), line: this.line };
        this.line++;
        pos = end + 1;
        continue;
      }
      const parsed = this.quoted(text, pos, final);
      if (!parsed) break;
      yield { fields: parsed.fields, line: this.line };
      this.line += 1 + parsed.newlines;
      pos = parsed.next;
    }
    this.rest = pos < text.length ? text.slice(pos) : "";
  }

  /** Parses one record that contains quotes; null when it continues past the data seen so far. */
  private quoted(text: string, start: number, final: boolean): { fields: string[]; next: number; newlines: number } | null {
    const fields: string[] = [];
    let field = "";
    let newlines = 0;
    let i = start;
    let fieldStart = true;
    for (;;) {
      if (i >= text.length) {
        if (!final) return null;
        fields.push(field);
        return { fields, next: i, newlines };
      }
      const c = text[i];
      if (fieldStart && c === '"') {
        let j = i + 1;
        for (;;) {
          const q = text.indexOf('"', j);
          if (q === -1) {
            if (!final) return null;
            throw new CsvError(this.line, "hay comillas sin cerrar");
          }
          if (q + 1 >= text.length && !final) return null;
          if (text[q + 1] === '"') {
            field += text.slice(j, q + 1);
            j = q + 2;
            continue;
          }
          field += text.slice(j, q);
          for (let k = text.indexOf("\n", i + 1); k !== -1 && k < q; k = text.indexOf("\n", k + 1)) newlines++;
          i = q + 1;
          break;
        }
        const after = text[i];
        if (i < text.length && after !== "," && after !== "\n" && after !== "\r") {
          throw new CsvError(this.line + newlines, "después de un campo entre comillas debe venir una coma o el fin de línea");
        }
        fieldStart = false;
        continue;
      }
      if (c === ",") {
        fields.push(field);
        field = "";
        fieldStart = true;
        i++;
      } else if (c === "\n" || c === "\r") {
        fields.push(field);
        if (c === "\r" && text[i + 1] === "\n") i++;
        return { fields, next: i + 1, newlines };
      } else if (c === '"') {
        throw new CsvError(this.line + newlines, "hay comillas dentro de un campo sin comillas");
      } else {
        field += c;
        fieldStart = false;
        i++;
      }
    }
  }
}

/** One CSV field, quoted only when it needs to be. */
export function csvField(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return "";
  const s = String(value);
  return /[",\n\r]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

export const csvLine = (values: readonly (string | number | boolean | null | undefined)[]): string =>
  `${values.map(csvField).join(",")}\n`;
