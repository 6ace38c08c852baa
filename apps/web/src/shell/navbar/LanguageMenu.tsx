import { TranslationOutlined } from '@ant-design/icons';
import { LANGUAGE_NAMES } from '@fleetlens/contracts';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { type Language, supportedLanguages } from '../../app/i18n';
import { useSettings } from '../../app/settings';

// Each language is named in itself (contracts LANGUAGE_NAMES), so a user lost in a foreign UI can
// still find theirs. They come in the contracts' order, as on the sign-in page.
export function LanguageMenu() {
  const { t } = useTranslation('shell');
  const { language, setLanguage } = useSettings();
  return (
    <Dropdown
      autoFocus
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [language],
        items: supportedLanguages().map((l) => ({ key: l, label: LANGUAGE_NAMES[l] })),
        onClick: ({ key }) => void setLanguage(key as Language),
      }}
    >
      <Button
        type="text"
        aria-label={t('navbar.language')}
        icon={<TranslationOutlined style={{ fontSize: 17 }} />}
      />
    </Dropdown>
  );
}
