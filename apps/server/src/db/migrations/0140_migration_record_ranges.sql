-- An import records each part it writes as one range of ids (record_id to last_id) instead of a
-- row per id: the ids are of the import's own series (migrations/ids.ts), which no other writer
-- takes, so the range holds exactly the rows the part wrote. A record of one id leaves last_id
-- empty (the records written before ranges, one a row).
ALTER TABLE migration_import_records ADD COLUMN last_id uuid;
ALTER TABLE migration_import_records ADD CONSTRAINT migration_import_records_range_check
  CHECK (last_id IS NULL OR last_id >= record_id);
