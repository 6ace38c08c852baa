// What a list shows in place of its rows: skeleton rows while it loads, the error with Retry when
// it failed, and when it is empty either what is missing with the action that fills it, or that
// nothing matches the search. Drawn inside the table, under its headers.
import { Alert, Button, Empty, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { RouteButton } from '../RouteButton';
import type { ListCreate } from './ListToolbar';
import type { ListState } from './listState';

export type ListEmptyText = {
  /** What is missing, in the list's words: "No vehicles yet". */
  title: string;
  /** The action that fills the list, for those who may take it. */
  create?: ListCreate | false;
};

export function ListLoading() {
  const { t } = useTranslation('shell');
  return (
    <div role="status" aria-label={t('lists.loading')} style={{ textAlign: 'start' }}>
      <Skeleton active title={false} paragraph={{ rows: 5, width: '100%' }} />
    </div>
  );
}

export function ListError({ error, retry }: Pick<ListState, 'error' | 'retry'>) {
  const { t } = useTranslation('shell');
  const reason = error instanceof Error ? error.message : undefined;
  return (
    <Alert
      type="error"
      showIcon
      style={{ textAlign: 'start' }}
      message={t('lists.failed')}
      description={reason}
      action={<Button onClick={retry}>{t('lists.retry')}</Button>}
    />
  );
}

export function ListEmpty({ empty, narrowed }: { empty: ListEmptyText; narrowed: boolean }) {
  const { t } = useTranslation('shell');
  const create = !narrowed && empty.create;
  // The toolbar's button keeps its name; this one says what it does here, so the two differ.
  const label = t('lists.addFirst');
  return (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={narrowed ? t('lists.noMatch') : empty.title}>
      {create &&
        ('to' in create ? (
          <RouteButton to={create.to}>{label}</RouteButton>
        ) : (
          <Button onClick={create.onClick}>{label}</Button>
        ))}
    </Empty>
  );
}

/** The table's empty area for a list's state. */
export function ListStateView({ state, empty }: { state: ListState; empty: ListEmptyText }) {
  if (state.status === 'loading') return <ListLoading />;
  if (state.status === 'failed') return <ListError error={state.error} retry={state.retry} />;
  return <ListEmpty empty={empty} narrowed={state.narrowed} />;
}
