// The bar above a list: its search boxes on the left, the "new" button on the right (shown only
// to those who may open the form).
import { Button, Input, Space } from 'antd';
import { Link } from 'react-router';

export type ListSearch = { label: string; onSearch: (text: string) => void; width?: number };
export type ListToolbarProps = { searches?: ListSearch[]; create?: { to: string; label: string } | false };

export function ListToolbar({ searches = [], create }: ListToolbarProps) {
  return (
    <Space wrap style={{ justifyContent: 'space-between', width: '100%' }}>
      <Space wrap>
        {searches.map((s) => (
          <Input.Search
            key={s.label}
            allowClear
            placeholder={s.label}
            aria-label={s.label}
            onSearch={s.onSearch}
            style={{ width: s.width ?? 320 }}
          />
        ))}
      </Space>
      {create && (
        <Link to={create.to}>
          <Button type="primary">{create.label}</Button>
        </Link>
      )}
    </Space>
  );
}
