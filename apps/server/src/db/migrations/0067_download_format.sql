-- A download's file format: CSV (UTF-8 with BOM) or an XLSX workbook of one sheet.
ALTER TABLE download_requests ADD COLUMN format text NOT NULL DEFAULT 'csv' CHECK (format IN ('csv', 'xlsx'));
