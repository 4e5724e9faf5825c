import { isDeepStrictEqual } from 'node:util';
import type { StationMigration } from '../station-migration';

/**
 * Migration 10: a print document refers to its waybill's print data instead of keeping a copy.
 * A label's first layer is the print data stored once with its waybill (waybills.print_data); the
 * document keeps only the layers after it (own_layers_json: the custom area) and
 * print_data_of_waybill = 1, and the queue's store puts the two together when it loads the label.
 * A document from before keeps its whole contents (flag 0), unless its first layer is exactly
 * its waybill's stored print data: that copy is dropped and the document refers to the waybill.
 */
export const printDataOnceMigration: StationMigration = {
  version: 10,
  name: 'print documents refer to the print data of their waybill',
  up(db) {
    db.exec(`
      ALTER TABLE print_documents RENAME COLUMN contents_json TO own_layers_json;
      ALTER TABLE print_documents ADD COLUMN print_data_of_waybill INTEGER NOT NULL DEFAULT 0 CHECK (print_data_of_waybill IN (0, 1));
    `);
    const withCopies = db
      .prepare(`SELECT p.id, p.own_layers_json, w.print_data FROM print_documents p JOIN waybills w ON w.waybill_code = p.document_id
        WHERE p.own_layers_json IS NOT NULL AND w.print_data IS NOT NULL`)
      .all() as { id: string; own_layers_json: string; print_data: string }[];
    const refer = db.prepare('UPDATE print_documents SET own_layers_json = ?, print_data_of_waybill = 1 WHERE id = ?');
    for (const row of withCopies) {
      const layers = JSON.parse(row.own_layers_json) as unknown[];
      if (layers.length > 0 && isDeepStrictEqual(layers[0], JSON.parse(row.print_data))) refer.run(JSON.stringify(layers.slice(1)), row.id);
    }
  },
};
