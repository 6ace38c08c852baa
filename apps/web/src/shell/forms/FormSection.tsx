// The layout of a form: titled sections (a small card each) whose fields stand in a grid, half a
// row each on a wide screen and a whole row on a phone unless a field says otherwise (`span`).
// A field item (TextItem, PickItem, NumberItem, …) takes its cell itself when it stands in a
// section's grid, and stands alone elsewhere (a dialog), so a form lists its fields, not columns.
// Its label resolves by itself from its name (FieldLabels: the feature's `fields.<name>` key)
// unless it is given one.
import { Card, Col, type ColProps, Row } from 'antd';
import type { TFunction } from 'i18next';
import { createContext, type ReactNode, useContext } from 'react';
import { useTranslation } from 'react-i18next';

const SPANS = {
  half: { xs: 24, md: 12 },
  third: { xs: 24, md: 8 },
  twoThirds: { xs: 24, md: 16 },
  quarter: { xs: 24, md: 6 },
  threeQuarters: { xs: 24, md: 18 },
  full: { xs: 24 },
} satisfies Record<string, ColProps>;

/** A field's width in the grid: a named share of the row, or antd's breakpoints. */
export type Span = keyof typeof SPANS | ColProps;

const InGrid = createContext(false);
const Labels = createContext<TFunction | undefined>(undefined);

export type FieldLabelsProps = {
  /** The translation namespace whose `fields.<name>` keys label the items inside. */
  ns: string | undefined;
  children: ReactNode;
};

/** The labels of the field items inside, by field name: the namespace's `fields.<name>`. */
export function FieldLabels({ ns, children }: FieldLabelsProps) {
  const { t } = useTranslation(ns);
  return <Labels.Provider value={ns ? t : undefined}>{children}</Labels.Provider>;
}

/** A field item's label: the one given, else its name's (FieldLabels). */
export function useLabel(name: unknown, label: ReactNode): ReactNode {
  const t = useContext(Labels);
  return label ?? (t && typeof name === 'string' ? t(`fields.${name}`) : undefined);
}

/** The names of a choice's values: `labelOf`, else the FieldLabels namespace's `<group>.<value>`. */
export function useValueLabels<V extends string>(group: string | undefined, labelOf?: (value: V) => string) {
  const t = useContext(Labels);
  return labelOf ?? ((value: V) => (t && group ? t(`${group}.${value as string}`) : value));
}

export type FormGridProps = { children: ReactNode };

/** The grid of a section's fields; its items take their cells. */
export function FormGrid({ children }: FormGridProps) {
  return (
    <Row gutter={16}>
      <InGrid.Provider value={true}>{children}</InGrid.Provider>
    </Row>
  );
}

export type FormSectionProps = {
  title?: ReactNode;
  children: ReactNode;
  /** False: the section holds one thing of its own (a picker, a matrix), not a grid of fields. */
  grid?: boolean;
};

export function FormSection({ title, children, grid = true }: FormSectionProps) {
  return (
    <Card title={title} size="small" style={{ marginBottom: 16 }}>
      {grid ? <FormGrid>{children}</FormGrid> : children}
    </Card>
  );
}

export type CellProps = { span?: Span | undefined; children: ReactNode };

/** One cell of the grid, for what is not a field item (a read-only value, a custom field). */
export function Cell({ span = 'half', children }: CellProps) {
  const cols = typeof span === 'string' ? SPANS[span] : span;
  return (
    <Col {...cols}>
      <InGrid.Provider value={false}>{children}</InGrid.Provider>
    </Col>
  );
}

/** A field item in its cell when it stands in a grid; as it is elsewhere. */
export function InCell({ span, children }: CellProps) {
  return useContext(InGrid) ? <Cell span={span}>{children}</Cell> : children;
}
