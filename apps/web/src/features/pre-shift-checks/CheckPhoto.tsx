// A check's photo in the list: a button that loads it (with the caller's token, so not as a plain
// image address) and shows it in a dialog; the loaded picture is let go when the dialog closes.
import { PictureOutlined } from '@ant-design/icons';
import type { Check } from '@fleetlens/contracts';
import { Button, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchCheckPhoto } from './api';

export function CheckPhoto({ check }: { check: Check }) {
  const { t } = useTranslation('pre-shift-checks');
  const [url, setUrl] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);
  if (!check.has_photo) return null;
  const title = t('checks.photoTitle', { name: check.vehicle.name });
  return (
    <>
      <Button
        size="small"
        icon={<PictureOutlined />}
        loading={loading}
        aria-label={t('checks.showPhoto')}
        onClick={() => {
          setLoading(true);
          fetchCheckPhoto(check.id)
            .then(setUrl)
            .catch(() => undefined)
            .finally(() => setLoading(false));
        }}
      />
      <Modal open={url !== null} title={title} footer={null} onCancel={() => setUrl(null)} width={720}>
        {url && <img src={url} alt={title} style={{ width: '100%' }} />}
      </Modal>
    </>
  );
}
