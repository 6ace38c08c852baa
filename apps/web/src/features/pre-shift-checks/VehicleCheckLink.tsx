// The vehicle page's pre-shift check: the QR code of the vehicle's check link, to print and stick
// on the vehicle (its operators scan it to answer the checklist on their phone), the link itself,
// and the way to the checks answered on this vehicle.
import { checkPagePath, pageAddress } from '@fleetlens/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, QRCode, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCanOpen } from '../../routes/useCanOpen';
import { QueryState } from '../../shell/QueryState';
import { fetchCheckLink, preShiftKeys } from './api';

/** The phone page's address for a token, on this console's own address. */
export const checkPageUrl = (token: string) =>
  `${window.location.origin}${window.location.pathname}#${checkPagePath(token)}`;

export function VehicleCheckLink({ vehicleId, name }: { vehicleId: string; name: string }) {
  const { t } = useTranslation('pre-shift-checks');
  const canOpen = useCanOpen();
  const link = useQuery({ queryKey: preShiftKeys.link(vehicleId), queryFn: () => fetchCheckLink(vehicleId) });
  if (!link.data) return <QueryState query={link} />;
  const url = checkPageUrl(link.data.token);
  return (
    <Flex gap={24} wrap align="start" data-testid="vehicle-check-link">
      <Space orientation="vertical" align="center">
        <QRCode value={url} size={200} bordered={false} />
        <Typography.Text strong>{name}</Typography.Text>
      </Space>
      <Space orientation="vertical" style={{ maxWidth: 420 }}>
        <Typography.Paragraph>{t('link.text')}</Typography.Paragraph>
        <Typography.Link href={url} target="_blank" data-testid="check-page-link" copyable={{ text: url }}>
          {t('link.open')}
        </Typography.Link>
        <Space wrap>
          <Button onClick={() => window.print()}>{t('link.print')}</Button>
          {canOpen('preShiftChecks') && (
            <Link to={`${pageAddress('preShiftChecks')}?vehicle_id=${encodeURIComponent(vehicleId)}`}>
              <Button>{t('link.checks')}</Button>
            </Link>
          )}
        </Space>
      </Space>
    </Flex>
  );
}
