import { TranslationOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { type Language, supportedLanguages } from '../../app/i18n';
import { useSettings } from '../../app/settings';

// Each language named in itself, so a user lost in a foreign UI can still find theirs.
export const LANGUAGE_NAMES: Record<Language, string> = {
  ja: '日本語',
  en: 'English',
  zh: '简体中文',
  my: 'မြန်မာဘာသာ',
};

export function LanguageMenu() {
  const { t } = useTranslation('shell');
  const { language, setLanguage } = useSettings();
  const order: Language[] = ['ja', 'en', 'zh', 'my'];
  const available = new Set(supportedLanguages());
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [language],
        items: order.filter((l) => available.has(l)).map((l) => ({ key: l, label: LANGUAGE_NAMES[l] })),
        onClick: ({ key }) => void setLanguage(key as Language),
      }}
    >
      <Button type="text" aria-label={t('navbar.language')} icon={<TranslationOutlined style={{ fontSize: 17 }} />} />
    </Dropdown>
  );
}
