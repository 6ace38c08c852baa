// A long cell (a name, a description) cut to its column's width with an ellipsis, the whole text
// in a tooltip. The tooltip opens only when the text is cut: a short name needs none, and a
// tooltip on every cell would cover the row below at each pass of the mouse.
import { Tooltip } from 'antd';
import { type ReactNode, useRef, useState } from 'react';

/** The width a long column keeps when no other is given. */
export const LONG_CELL_WIDTH = 240;

export type CellTextProps = {
  /** The whole text, shown in the tooltip. */
  text: string;
  /** What the cell shows (a link to the record); the text when not given. */
  children?: ReactNode;
  maxWidth?: number;
};

export function CellText({ text, children, maxWidth = LONG_CELL_WIDTH }: CellTextProps) {
  const box = useRef<HTMLSpanElement>(null);
  const [open, setOpen] = useState(false);
  const isCut = () => !!box.current && box.current.scrollWidth > box.current.clientWidth;
  return (
    <Tooltip title={text} placement="topLeft" open={open} onOpenChange={(next) => setOpen(next && isCut())}>
      <span ref={box} className="fl-cell-text" style={{ maxWidth }}>
        {children ?? text}
      </span>
    </Tooltip>
  );
}
