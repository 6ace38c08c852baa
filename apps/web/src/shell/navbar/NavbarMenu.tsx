import { Dropdown } from 'antd';
import { type ReactNode, useState } from 'react';
import { NavbarButton } from './NavbarButton';

export type NavbarMenuProps<K extends string> = {
  /** The icon's tooltip and name. */
  label: string;
  icon: ReactNode;
  items: { key: K; label: string }[];
  selected: K;
  onSelect: (key: K) => void;
  /** Called when the menu opens (the language menu brings the fonts its names need). */
  onOpen?: () => void;
};

/** An icon of the top bar that opens a menu of choices, the current one marked (size, language). */
export function NavbarMenu<K extends string>({
  label,
  icon,
  items,
  selected,
  onSelect,
  onOpen,
}: NavbarMenuProps<K>) {
  const [open, setOpen] = useState(false);
  return (
    <Dropdown
      autoFocus
      trigger={['click']}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) onOpen?.();
      }}
      menu={{ selectable: true, selectedKeys: [selected], items, onClick: ({ key }) => onSelect(key as K) }}
    >
      <NavbarButton label={label} icon={icon} opened={open} />
    </Dropdown>
  );
}
