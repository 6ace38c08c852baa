// The privileges of a role as a grid: one row per resource, one column per action
// (add, edit, delete, view), plus a row toggle. Value: the list of "resource:action" strings.
// A privilege the editor does not hold is shown but cannot be ticked (the API would refuse it).
import { PRIVILEGE_ACTIONS, PRIVILEGE_RESOURCES, privilege } from '@fleetlens/contracts';
import { Checkbox, Table } from 'antd';
import { useTranslation } from 'react-i18next';

export type PrivilegeMatrixProps = {
  value?: string[];
  onChange?: (value: string[]) => void;
  /** Whether the editor may put the privilege in a role; every one when left out. */
  grantable?: (privilege: string) => boolean;
};

export function PrivilegeMatrix({ value = [], onChange, grantable = () => true }: PrivilegeMatrixProps) {
  const { t } = useTranslation('roles');
  const held = new Set(value);
  const set = (next: Set<string>) => onChange?.([...next].sort());
  const toggle = (p: string, on: boolean) => {
    const next = new Set(held);
    if (on) next.add(p);
    else next.delete(p);
    set(next);
  };
  const toggleRow = (resource: (typeof PRIVILEGE_RESOURCES)[number], on: boolean) => {
    const next = new Set(held);
    for (const action of PRIVILEGE_ACTIONS) {
      if (!grantable(privilege(resource, action))) continue;
      if (on) next.add(privilege(resource, action));
      else next.delete(privilege(resource, action));
    }
    set(next);
  };
  return (
    <Table
      size="small"
      pagination={false}
      rowKey={(r) => r}
      dataSource={[...PRIVILEGE_RESOURCES]}
      scroll={{ x: 'max-content' }}
      columns={[
        {
          title: t('matrix.resource'),
          key: 'resource',
          render: (_, resource) => {
            const count = PRIVILEGE_ACTIONS.filter((a) => held.has(privilege(resource, a))).length;
            return (
              <Checkbox
                checked={count === PRIVILEGE_ACTIONS.length}
                indeterminate={count > 0 && count < PRIVILEGE_ACTIONS.length}
                onChange={(e) => toggleRow(resource, e.target.checked)}
              >
                {t(`resources.${resource}`)}
              </Checkbox>
            );
          },
        },
        ...PRIVILEGE_ACTIONS.map((action) => ({
          title: t(`actions.${action}`),
          key: action,
          align: 'center' as const,
          render: (_: unknown, resource: (typeof PRIVILEGE_RESOURCES)[number]) => {
            const p = privilege(resource, action);
            return (
              <Checkbox
                aria-label={`${t(`resources.${resource}`)}: ${t(`actions.${action}`)}`}
                checked={held.has(p)}
                disabled={!grantable(p)}
                onChange={(e) => toggle(p, e.target.checked)}
              />
            );
          },
        })),
      ]}
    />
  );
}
