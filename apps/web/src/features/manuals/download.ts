// Downloading the user manual (user menu, manuals page): the server answers a short-lived link
// that opens in a new tab. A missing manual shows 'Manual not found', any other failure
// 'Something went wrong', each for 70 seconds (console spec §8).
import { MANUAL_MESSAGE_SECONDS } from '@fleetlens/contracts';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { fetchManualUrl } from '../../api/platform';

export function useManualDownload() {
  const { t } = useTranslation('shell');
  const { message } = App.useApp();
  const fail = (key: 'user.manualNotFound' | 'user.somethingWrong') =>
    message.error({ content: t(key), duration: MANUAL_MESSAGE_SECONDS });
  return async (manualId: string | null | undefined) => {
    if (!manualId) return fail('user.manualNotFound');
    try {
      const answer = await fetchManualUrl(manualId);
      if (!answer?.manual) throw new Error('no link');
      window.open(answer.manual, '_blank', 'noopener');
    } catch (error) {
      fail(error instanceof ApiError && error.status === 404 ? 'user.manualNotFound' : 'user.somethingWrong');
    }
  };
}
