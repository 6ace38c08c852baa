// The bar above a list: its search boxes on the left, the "new" button on the right (shown only
// to those who may open the form): a link to the form's route, or a dialog it opens.
import { Button, Input, Space } from 'antd';
import { RouteButton } from '../RouteButton';

export type ListSearch = {
  label: string;
  onSearch: (text: string) => void;
  width?: number;
  /** The text the list is searched by now (its address's, after a reload). */
  value?: string | undefined;
};
export type ListCreate = { label: string } & ({ to: string } | { onClick: () => void });
export type ListToolbarProps = { searches?: ListSearch[]; create?: ListCreate | false };

export function ListToolbar({ searches = [], create }: ListToolbarProps) {
  return (
    <Space wrap style={{ justifyContent: 'space-between', width: '100%' }}>
      <Space wrap>
        {searches.map((s) => (
          <Input.Search
            key={s.label}
            defaultValue={s.value}
            allowClear
            placeholder={s.label}
            aria-label={s.label}
            onSearch={s.onSearch}
            style={{ width: s.width ?? 320 }}
          />
        ))}
      </Space>
      {create &&
        ('to' in create ? (
          <RouteButton type="primary" to={create.to}>
            {create.label}
          </RouteButton>
        ) : (
          <Button type="primary" onClick={create.onClick}>
            {create.label}
          </Button>
        ))}
    </Space>
  );
}
