// What the operators list and the random video list share: the list itself (by operator code)
// and the columns of the operator's name, their company and whether random video is on.
import { type Operator, operatorName } from '@fleetlens/contracts';
import { Tag } from 'antd';
import type { TFunction } from 'i18next';
import { customerColumn, textColumn } from '../../shell/lists/columns';
import type { ListColumn } from '../../shell/lists/useColumnChoice';
import { useResourceList } from '../../shell/lists/useResourceList';
import { operators } from './api';

export function operatorColumns(t: TFunction, sortCustomer: boolean) {
  const onOff = (o: Operator) => (o.random_video_enabled ? t('status.on') : t('status.off'));
  const name: ListColumn<Operator> = textColumn<Operator>(t('fields.name'), 'name', operatorName, {
    sorter: true,
    long: true,
  });
  const customer: ListColumn<Operator> = customerColumn(t('fields.customer'), sortCustomer);
  const randomVideo = (title: string, key: string): ListColumn<Operator> => ({
    title,
    key,
    render: (_, o) => <Tag color={o.random_video_enabled ? 'processing' : undefined}>{onOff(o)}</Tag>,
    exportValue: onOff,
  });
  return { name, customer, randomVideo };
}

/** The operators by code, under the list's own name; "New" for those who may add one. */
export const useOperatorList = (t: TFunction, name: string, create = true) =>
  useResourceList(operators, t, { name, sort: 'operator_code', ...(create ? {} : { new: false as const }) });
