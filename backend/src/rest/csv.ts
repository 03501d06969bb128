// CSV request bodies (Content-Type: text/csv) as PostgREST 12 reads them with cassava's
// decodeByName: a header of column names, then records of as many fields; fields quoted with "
// ("" inside for a quote), records ended by \n, \r\n or \r, blank lines skipped. Every value is
// text, but the unquoted or quoted NULL, which is null. One pass over the text, no backtracking.
import { restError } from './errors.ts';

const invalid = (detail: string) => restError(400, 'PGRST102', `Invalid CSV: ${detail}`);

/** The records of a CSV text, each a list of fields. */
function records(text: string): string[][] {
  const out: string[][] = [];
  let record: string[] = [];
  let i = 0;
  const n = text.length;
  const endRecord = () => {
    // A blank line is one empty field: skipped, as cassava's removeBlankLines.
    if (!(record.length === 1 && record[0] === '')) out.push(record);
    record = [];
  };
  while (i <= n) {
    let field = '';
    if (text[i] === '"') {
      i++;
      for (;;) {
        const close = text.indexOf('"', i);
        if (close === -1) throw invalid(`a quoted field is not closed (from character ${i})`);
        field += text.slice(i, close);
        i = close + 1;
        if (text[i] !== '"') break;
        field += '"';
        i++;
      }
      if (i < n && text[i] !== ',' && text[i] !== '\n' && text[i] !== '\r') throw invalid(`a character after a closing quote (character ${i + 1})`);
    } else {
      const start = i;
      while (i < n && text[i] !== ',' && text[i] !== '\n' && text[i] !== '\r') {
        if (text[i] === '"') throw invalid(`a quote inside an unquoted field (character ${i + 1})`);
        i++;
      }
      field = text.slice(start, i);
    }
    record.push(field);
    if (i >= n) {
      endRecord();
      break;
    }
    if (text[i] === ',') {
      i++;
      continue;
    }
    // \r\n, \n or \r ends the record.
    i += text[i] === '\r' && text[i + 1] === '\n' ? 2 : 1;
    endRecord();
    if (i === n) break;
  }
  return out;
}

/**
 * The rows of a CSV body, keyed by its header (ApiRequest.hs csvToJson): a record with fewer
 * fields lacks their keys (the rows' keys then differ: PGRST102), extra fields are dropped.
 */
export function csvRows(text: string): Array<Record<string, string | null>> {
  const [header, ...rest] = records(text);
  if (!header || (header.length === 1 && header[0] === '')) throw invalid('no header');
  return rest.map((fields) => {
    const row: Record<string, string | null> = {};
    header.forEach((name, i) => {
      if (i < fields.length) row[name] = fields[i] === 'NULL' ? null : fields[i]!;
    });
    return row;
  });
}
