// A record's fields as a description list: each labelled `fields.<key>` of the feature's
// namespace unless it brings its own label, two columns from a tablet up, one on a phone.
import { Descriptions } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** `[key, value]`, labelled `fields.<key>`; or an item with its own label (a numbered memo). */
export type RecordField =
  | readonly [key: string, value: ReactNode]
  | { key: string; label: ReactNode; children: ReactNode };

export type RecordFieldsProps = {
  /** The feature's namespace. */
  labels: string;
  fields: RecordField[];
  title?: ReactNode;
  /** False draws the list without its lines (a section that is settings, not the record). */
  bordered?: boolean;
  /** One field a line, on every screen (a list of like things: a device's cameras). */
  single?: boolean;
};

export function RecordFields({ labels, fields, title, bordered = true, single }: RecordFieldsProps) {
  const { t } = useTranslation(labels);
  const items = fields.map((field) =>
    'key' in field ? field : { key: field[0], label: t(`fields.${field[0]}`), children: field[1] },
  );
  return (
    <Descriptions
      bordered={bordered}
      size="small"
      column={single ? 1 : { xs: 1, md: 2 }}
      title={title}
      items={items}
    />
  );
}
