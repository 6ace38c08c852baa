-- Data migration's account file (docs/decisions/2026-12-07-data-migration.md, "Accounts"): an
-- import may create the company's users, recorded like its other records so that an abort, a
-- failed write or "restore state" removes them, and the account file's mapping is kept too.
ALTER TABLE migration_import_records DROP CONSTRAINT migration_import_records_kind_check;
ALTER TABLE migration_import_records ADD CONSTRAINT migration_import_records_kind_check
  CHECK (kind IN ('vehicle', 'operator', 'device', 'account'));
ALTER TABLE migration_mappings DROP CONSTRAINT migration_mappings_kind_check;
ALTER TABLE migration_mappings ADD CONSTRAINT migration_mappings_kind_check
  CHECK (kind IN ('vehicle', 'operator', 'device', 'account'));
