// A list's filters that fold away on a phone: there a button (with the number of filters set)
// opens and closes them; on a wider screen they are always shown.
import { Badge, Button } from 'antd';
import { type ReactNode, useState } from 'react';
import { useMobile } from '../useMobile';

export type FoldingFiltersProps = {
  /** The button's name ("Filters"). */
  label: string;
  /** How many of the filters are set. */
  count: number;
  children: ReactNode;
};

export function FoldingFilters({ label, count, children }: FoldingFiltersProps) {
  const mobile = useMobile();
  const [open, setOpen] = useState(false);
  return (
    <>
      {mobile && (
        <Badge count={count} size="small">
          <Button onClick={() => setOpen((v) => !v)} aria-expanded={open}>
            {label}
          </Button>
        </Badge>
      )}
      {(!mobile || open) && children}
    </>
  );
}
