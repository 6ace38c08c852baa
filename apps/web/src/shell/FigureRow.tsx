// A row of headline figures above a page's detail (a drive summary's totals, an operator's
// score): each a titled statistic, two a row on a phone and the row's share of the width on a
// wider screen, the whole row named for a screen reader.
import { Col, Row, Statistic } from 'antd';
import type { ReactNode } from 'react';

export type Figure = {
  title: string;
  /** A number or text, formatted as the statistic formats it. */
  value?: string | number;
  /** What shows instead of a plain value (a coloured tag). */
  shown?: ReactNode;
  /** Columns of 24 on a wider screen; the row's share when not given. */
  span?: number;
};

export type FigureRowProps = { label: string; figures: Figure[] };

export function FigureRow({ label, figures }: FigureRowProps) {
  return (
    <Row gutter={[16, 16]} role="group" aria-label={label}>
      {figures.map((f) => (
        <Col key={f.title} xs={12} md={f.span ?? 24 / figures.length}>
          <Statistic
            title={f.title}
            value={f.value}
            valueRender={f.shown === undefined ? undefined : () => f.shown}
          />
        </Col>
      ))}
    </Row>
  );
}
