// The dashboard's card of the vehicles driven today without a pre-shift check: driven means an
// operator signed on or the figures counted operating time since midnight of the viewer's day (the
// browser's time zone; the product keeps none per company), each a link to its vehicle page.
import { pageAddress, recordAddress, vehicleResource } from '@fleetlens/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { browserZone } from '../../kernel/timeZones';
import { ListError, ListLoading } from '../../shell/lists/ListStates';
import { fetchUnchecked, preShiftKeys } from './api';

/** Read again every few minutes: the day's driving goes on while the dashboard is open. */
const REFRESH_MS = 5 * 60_000;

export function UncheckedCard() {
  const { t } = useTranslation('pre-shift-checks');
  const zone = browserZone();
  const unchecked = useQuery({
    queryKey: preShiftKeys.unchecked(zone),
    queryFn: () => fetchUnchecked(zone),
    refetchInterval: REFRESH_MS,
  });
  return (
    <Card
      size="small"
      title={t('card.title')}
      extra={<Link to={pageAddress('preShiftChecks')}>{t('card.more')}</Link>}
      data-testid="unchecked-card"
    >
      {unchecked.isError ? (
        <ListError error={unchecked.error} retry={() => void unchecked.refetch()} />
      ) : !unchecked.data ? (
        <ListLoading />
      ) : unchecked.data.total === 0 ? (
        <Typography.Text type="secondary">{t('card.none')}</Typography.Text>
      ) : (
        <List
          size="small"
          dataSource={unchecked.data.list}
          renderItem={(v) => (
            <List.Item key={v.id}>
              <Link to={recordAddress(vehicleResource, 'detail', v.id)}>{v.name}</Link>
              <Typography.Text type="secondary">{v.customer.name}</Typography.Text>
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
