// The way into a drive summary from its subject's page or list row, for whoever may open it: the
// summary's address, with the subject's name for its title until the summary has loaded.
import { pageAddress } from '@fleetlens/contracts';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCanOpen } from '../../routes/useCanOpen';
import { RouteButton } from '../../shell/RouteButton';

/** Each drive summary's page and the name of its subject's parameter. */
const SUBJECT = {
  vehicleDriveSummary: 'vehicleId',
  groupDriveSummary: 'groupId',
  operatorDriveSummary: 'operatorId',
  operatorGroupDriveSummary: 'groupId',
} as const;

export type DriveSummaryLinkProps = {
  page: keyof typeof SUBJECT;
  id: string;
  name: string;
  /** A row's link (the default), a page's button, or a page's link drawn as a button. */
  look?: 'link' | 'button' | 'link-button';
};

export function DriveSummaryLink({ page, id, name, look = 'link' }: DriveSummaryLinkProps) {
  const { t } = useTranslation();
  const canOpen = useCanOpen();
  if (!canOpen(page)) return null;
  const to = `${pageAddress(page, { [SUBJECT[page]]: id })}?name=${encodeURIComponent(name)}`;
  const text = t('drive-summary:link');
  if (look === 'button') return <RouteButton to={to}>{text}</RouteButton>;
  return <Link to={to}>{look === 'link-button' ? <Button>{text}</Button> : text}</Link>;
}
