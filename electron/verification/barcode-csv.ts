import { BARCODE_IMPORT_MAX_ROWS, BARCODE_MAX_CHARS, GOODS_TEXT_MAX_CHARS, type BarcodeMapping } from '../../shared/domain/verification';
import { stationError } from '../../shared/errors/station-error';
import { StationFailure } from '../ipc/to-station-error';
import { BOM, csvText } from '../issuing/waybill-csv';

/** The columns of the learned-barcodes file: shop id, barcode, goods name, spec. */
export const BARCODE_CSV_HEADER = ['店铺ID', '条码', '商品名称', '规格'] as const;
/** The same columns as an English spreadsheet may name them (an import takes either). */
const ENGLISH_HEADER = ['shop id', 'barcode', 'goods name', 'spec'] as const;

/** The learned barcodes as a CSV in the columns of BARCODE_CSV_HEADER: UTF-8 with BOM, CRLF, formulas defused. */
export function barcodeCsv(mappings: readonly BarcodeMapping[]): string {
  const rows = mappings.map((mapping) => [mapping.shopId, mapping.barcode, mapping.goodsName, mapping.goodsSpec]);
  return csvText([BARCODE_CSV_HEADER, ...rows]);
}

/** Splits CSV text (RFC 4180: quoted fields may hold commas, quotes and line breaks) into rows of fields, with each row's line number. */
function csvRows(text: string): { line: number; fields: string[] }[] {
  const rows: { line: number; fields: string[] }[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  const endRow = () => {
    fields.push(field);
    if (fields.some((value) => value.trim() !== '')) rows.push({ line: rowLine, fields });
    fields = [];
    field = '';
  };
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index] as string;
    if (char === '\n') line += 1;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"' && field === '') quoted = true;
    else if (char === ',') {
      fields.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[index + 1] === '\n') continue;
      endRow();
      rowLine = line;
    } else field += char;
  }
  if (quoted) throw new StationFailure(stationError('verification.csv-invalid', { line: rowLine, problem: 'a quoted field is never closed' }));
  endRow();
  return rows;
}

/** A field as the export wrote it: the apostrophe that defused a formula taken off again. */
const unDefused = (value: string): string => (/^'[=+\-@]/.test(value) ? value.slice(1) : value).trim();

/**
 * Reads a learned-barcodes CSV (the export's columns, with the header in Chinese or English, or
 * without one): every line must name a shop of the account, a barcode and a goods name, within
 * their lengths, and no barcode twice for one shop. Any bad line refuses the whole file, naming
 * the line and what is wrong, so nothing is half imported.
 */
export function parseBarcodeCsv(text: string, shopIds: readonly string[], now: number): BarcodeMapping[] {
  const rows = csvRows(text.startsWith(BOM) ? text.slice(1) : text);
  const [first] = rows;
  const header = first?.fields.map((value) => value.trim().toLowerCase()) ?? [];
  const hasHeader = BARCODE_CSV_HEADER.every((name, column) => header[column] === name.toLowerCase()) || ENGLISH_HEADER.every((name, column) => header[column] === name);
  const lines = hasHeader ? rows.slice(1) : rows;
  if (lines.length > BARCODE_IMPORT_MAX_ROWS) throw new StationFailure(stationError('verification.csv-invalid', { line: lines[BARCODE_IMPORT_MAX_ROWS]?.line ?? 0, problem: `more than ${BARCODE_IMPORT_MAX_ROWS} barcodes in one file` }));
  const seen = new Map<string, number>();
  return lines.map(({ line, fields }) => {
    const bad = (problem: string) => new StationFailure(stationError('verification.csv-invalid', { line, problem }));
    if (fields.length < 3 || fields.length > 4) throw bad(`it has ${fields.length} columns, not 4`);
    const [shopId = '', barcode = '', goodsName = '', goodsSpec = ''] = fields.map(unDefused);
    if (!shopIds.includes(shopId)) throw bad(`shop “${shopId}” is not one of this account’s shops (${shopIds.join(', ')})`);
    if (barcode === '' || barcode.length > BARCODE_MAX_CHARS || /\s/.test(barcode)) throw bad(`the barcode must be 1 to ${BARCODE_MAX_CHARS} characters without spaces`);
    if (goodsName === '' || goodsName.length > GOODS_TEXT_MAX_CHARS) throw bad(`the goods name must be 1 to ${GOODS_TEXT_MAX_CHARS} characters`);
    if (goodsSpec.length > GOODS_TEXT_MAX_CHARS) throw bad(`the spec must be at most ${GOODS_TEXT_MAX_CHARS} characters`);
    const key = `${shopId} ${barcode}`;
    const earlier = seen.get(key);
    if (earlier !== undefined) throw bad(`barcode ${barcode} of shop ${shopId} is on line ${earlier} already`);
    seen.set(key, line);
    return { shopId, barcode, goodsName, goodsSpec, updatedAt: now };
  });
}
