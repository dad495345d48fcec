import { csvStream } from "~/lib/csv";
import { logger } from "../logger";

/**
 * A CSV export as a download, written a page of rows at a time as the browser reads it (the enquiries and
 * activity exports): the server holds one page, never the whole file. The rows arrive after the answer has
 * started, so a failed read can only cut the download short: it is logged, with the file's name.
 */
export function csvDownload<T>(
  filename: string,
  header: readonly string[],
  pages: AsyncIterable<readonly T[]>,
  cells: (row: T) => ReadonlyArray<unknown>,
): Response {
  async function* logged(): AsyncGenerator<readonly T[]> {
    try {
      yield* pages;
    } catch (error) {
      logger.error({ err: error, filename }, "CSV export stopped part-way");
      throw error;
    }
  }
  return new Response(csvStream(header, logged(), cells), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "no-store",
    },
  });
}
