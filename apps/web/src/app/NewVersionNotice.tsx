// A lazy chunk that no longer loads: after a deploy, the files of the version this page started
// with are gone (the server answers 404 for them). Retrying would meet the same answer, and React
// keeps a failed lazy import, so the way out is a reload, offered here rather than a broken page.
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** The messages browsers and Vite give when a module or its preloaded files fail to load. */
const CHUNK_FAILURE =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|Loading (CSS )?chunk .* failed/i;

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && (error.name === 'ChunkLoadError' || CHUNK_FAILURE.test(error.message));
}

export function NewVersionNotice() {
  const { t } = useTranslation('shell');
  return (
    <Result
      status="info"
      title={t('newVersion.title')}
      subTitle={t('newVersion.text')}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('newVersion.reload')}
        </Button>
      }
    />
  );
}
