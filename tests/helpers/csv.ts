/**
 * An RFC 4180 reader for the tests: fields separated by commas, records by CRLF, a quoted field may hold
 * commas, line breaks and doubled quotes. Anything else (a stray quote, a bare LF ending a record, a
 * missing final CRLF) throws, so a test reads only what a strict spreadsheet import would.
 */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let index = 0;
  while (index < text.length) {
    let field = '';
    if (text[index] === '"') {
      index += 1;
      for (;;) {
        const quote = text.indexOf('"', index);
        if (quote < 0) throw new Error('unterminated quoted field');
        field += text.slice(index, quote);
        if (text[quote + 1] === '"') {
          field += '"';
          index = quote + 2;
        } else {
          index = quote + 1;
          break;
        }
      }
    } else {
      const end = text.slice(index).search(/[,\r\n"]/);
      const stop = end < 0 ? text.length : index + end;
      if (text[stop] === '"') throw new Error(`quote inside an unquoted field at ${stop}`);
      field = text.slice(index, stop);
      index = stop;
    }
    record.push(field);
    if (text[index] === ',') {
      index += 1;
    } else if (text.startsWith('\r\n', index)) {
      records.push(record);
      record = [];
      index += 2;
    } else {
      throw new Error(`expected a comma or CRLF at ${index}`);
    }
  }
  if (record.length > 0) throw new Error('the last record has no CRLF');
  return records;
}
