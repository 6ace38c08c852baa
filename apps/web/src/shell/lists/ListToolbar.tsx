// The bar above a list: its search boxes on the left, the "new" button on the right (shown only
// to those who may open the form): a link to the form's route, or a dialog it opens.
import { Button, Input, Space } from 'antd';
import { useNavigate } from 'react-router';

export type ListSearch = { label: string; onSearch: (text: string) => void; width?: number };
export type ListCreate = { label: string } & ({ to: string } | { onClick: () => void });
export type ListToolbarProps = { searches?: ListSearch[]; create?: ListCreate | false };

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
      {create &&
        ('to' in create ? (
          <CreateLink to={create.to} label={create.label} />
        ) : (
          <Button type="primary" onClick={create.onClick}>
            {create.label}
          </Button>
        ))}
    </Space>
  );
}

type CreateLinkProps = { to: string; label: string };

/** The form's route behind the primary button: one control, not a button inside a link. */
function CreateLink({ to, label }: CreateLinkProps) {
  const navigate = useNavigate();
  return (
    <Button type="primary" onClick={() => navigate(to)}>
      {label}
    </Button>
  );
}
