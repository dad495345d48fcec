// CSV for spreadsheets: RFC 4180 quoting, and cells that a spreadsheet would run as a formula
// (starting with = + - @, tab or CR) are prefixed with a quote (OWASP CSV injection).

export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One line, with its CRLF. */
export function csvLine(row: ReadonlyArray<unknown>): string {
  return `${row.map(csvCell).join(",")}\r\n`;
}

export function toCsv(header: readonly string[], rows: ReadonlyArray<ReadonlyArray<unknown>>): string {
  return [header, ...rows].map(csvLine).join("");
}

/**
 * A spreadsheet download written as its rows are read: a byte-order mark (so Excel reads UTF-8), the header, then
 * each page of `pages` as it comes, when the reader wants more. The same bytes as `\uFEFF` + toCsv(header, rows),
 * with one page in memory instead of the whole file.
 */
export function csvStream<T>(
  header: readonly string[],
  pages: AsyncIterable<readonly T[]>,
  cells: (row: T) => ReadonlyArray<unknown>,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const iterator = pages[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        controller.enqueue(encoder.encode(`\uFEFF${csvLine(header)}`));
      },
      async pull(controller) {
        const { done, value } = await iterator.next();
        if (done) controller.close();
        else controller.enqueue(encoder.encode(value.map((row) => csvLine(cells(row))).join("")));
      },
      async cancel() {
        // The download was abandoned: no more pages are read.
        await iterator.return?.();
      },
    },
    { highWaterMark: 0 },
  );
}
