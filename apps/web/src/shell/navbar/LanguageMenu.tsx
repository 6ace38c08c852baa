import { TranslationOutlined } from '@ant-design/icons';
import { LANGUAGE_NAMES } from '@fleetlens/contracts';
import { useTranslation } from 'react-i18next';
import { loadLanguageNameFonts } from '../../app/fonts';
import { type Language, supportedLanguages } from '../../app/i18n';
import { useSettings } from '../../app/settings';
import { NavbarMenu } from './NavbarMenu';

// Each language is named in itself (contracts LANGUAGE_NAMES), so a user lost in a foreign UI can
// still find theirs, in its own script's font. They come in the contracts' order, as on the sign-in page.
export function LanguageMenu() {
  const { t } = useTranslation('shell');
  const { language, setLanguage } = useSettings();
  return (
    <NavbarMenu<Language>
      label={t('navbar.language')}
      icon={<TranslationOutlined style={{ fontSize: 17 }} />}
      items={supportedLanguages().map((l) => ({ key: l, label: LANGUAGE_NAMES[l] }))}
      selected={language}
      onSelect={(l) => void setLanguage(l)}
      onOpen={loadLanguageNameFonts}
    />
  );
}
