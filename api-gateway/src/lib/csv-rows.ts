import { parse } from 'csv-parse/sync';
import { hasControlCharacters } from '@portal/contracts';

/** Why a text is not a table: unreadable (not RFC 4180, control characters, too wide) or too long. */
export class CsvRefusal extends Error {
  constructor(readonly code: 'unreadable' | 'tooManyRows') {
    super(code);
  }
}

/**
 * An RFC 4180 text (quoted fields with "" inside, CRLF, LF or CR between rows; a comma or a semicolon between
 * fields, as the banks' exports use either) as rows of strings, read by csv-parse. Refuses control characters
 * other than tabs, an open quote, a row wider than `maxColumns`, and more than `maxRows` rows under the header.
 */
export function csvRows(text: string, limits: { maxRows: number; maxColumns: number }): string[][] {
  if (hasControlCharacters(text.replace(/[\r\n\t]/g, ' '))) throw new CsvRefusal('unreadable');
  let rows: string[][];
  try {
    rows = parse(text, {
      delimiter: [',', ';'],
      record_delimiter: ['\r\n', '\n', '\r'],
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      // The header, the cap, and one row more to tell that the cap was passed.
      to: limits.maxRows + 2,
    }) as string[][];
  } catch {
    throw new CsvRefusal('unreadable');
  }
  if (rows.some((row) => row.length > limits.maxColumns)) throw new CsvRefusal('unreadable');
  if (rows.length > limits.maxRows + 1) throw new CsvRefusal('tooManyRows');
  return rows;
}
