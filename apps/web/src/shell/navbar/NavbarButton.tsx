import { Button, type ButtonProps, Tooltip } from 'antd';
import type { Ref } from 'react';

export type NavbarButtonProps = Omit<ButtonProps, 'type'> & {
  /** What the icon does, in the user's language: its tooltip, and its name unless `aria-label` says more. */
  label: string;
  /** The menu or panel the icon opens is open: the tooltip would cover it. */
  opened?: boolean;
  ref?: Ref<HTMLButtonElement>;
};

/**
 * An icon of the top bar: a text button whose tooltip says in words what the icon only shows. A
 * menu or panel that opens from it (Dropdown, Popover) passes its own props through to the button.
 */
export function NavbarButton({ label, opened = false, ref, ...props }: NavbarButtonProps) {
  return (
    <Tooltip title={label} placement="bottom" open={opened ? false : undefined}>
      <Button ref={ref} type="text" aria-label={label} {...props} />
    </Tooltip>
  );
}
