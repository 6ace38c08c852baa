// The column mapping of a data migration file (an import's or a transfer's): which CSV header fills
// which field, as offered for a file's headers and as required before a run starts. One rule for
// the server and the mapping screens.

/** A file's columns: the field each CSV header fills (headers not named are left out). */
export type ColumnMapping = Record<string, string>;

const squash = (s: string) => s.toLowerCase().replace(/[\s_\-.()]/g, '');

/** A column of a migration file: the field it fills, whether required, the headers that name it. */
export interface MappedColumn {
  field: string;
  required?: boolean;
  /** Other headers that name it in the files users bring (English and Japanese). */
  aliases?: string[];
}

/**
 * The mapping offered for a file's headers: the customer's kept mapping where its header is in the
 * file, else the header that reads as the field's name (case, spaces, "_" and "-" aside).
 */
export function mappingOf(columns: readonly MappedColumn[], headers: string[], kept: ColumnMapping = {}) {
  const mapping: ColumnMapping = {};
  for (const { field, aliases = [] } of columns) {
    const keptHeader = kept[field];
    const names = [field, ...aliases].map(squash);
    const header =
      keptHeader !== undefined && headers.includes(keptHeader)
        ? keptHeader
        : headers.find((h) => names.includes(squash(h)));
    if (header !== undefined) mapping[field] = header;
  }
  return mapping;
}

/** Required fields the mapping leaves without a column. */
export const unmappedOf = (columns: readonly MappedColumn[], mapping: ColumnMapping) =>
  columns.filter((c) => c.required && !mapping[c.field]).map((c) => c.field);
