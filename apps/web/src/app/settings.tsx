// UI settings: the settings panel's choices (localStorage) and the sidebar, size and language
// (cookies, as the spec says), with antd's theme, size and locale applied from them.
import { DEFAULT_UI_SIZE, SETTINGS_DEFAULTS, THEME_COLOR } from '@fleetlens/contracts';
import { ConfigProvider } from 'antd';
import type { Locale } from 'antd/es/locale';
import Cookies from 'js-cookie';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppRoot } from './AppRoot';
import { fontStack } from './fonts';
import { changeLanguage, currentAntdLocale, type Language, onLanguageApplied } from './i18n';
import { consoleTheme } from './theme';

export type UiSize = 'large' | 'medium' | 'small';

export type PanelSettings = {
  theme: string;
  tagsView: boolean;
  fixedHeader: boolean;
  sidebarLogo: boolean;
};

export type Settings = PanelSettings & { sidebarOpened: boolean; size: UiSize };

export type SettingsContextValue = {
  settings: Settings;
  language: Language;
  update: (patch: Partial<Settings>) => void;
  reset: () => void;
  setLanguage: (lang: Language) => Promise<void>;
};

const PANEL_KEY = 'fleetlens.settings';
const SIDEBAR_COOKIE = 'sidebarStatus';
const SIZE_COOKIE = 'size';

function panelDefaults(): PanelSettings {
  const d = (SETTINGS_DEFAULTS ?? {}) as Partial<PanelSettings>;
  return {
    theme: d.theme ?? THEME_COLOR,
    tagsView: d.tagsView ?? true,
    fixedHeader: d.fixedHeader ?? true,
    sidebarLogo: d.sidebarLogo ?? true,
  };
}

function readSettings(): Settings {
  let stored: Partial<PanelSettings> = {};
  try {
    stored = JSON.parse(localStorage.getItem(PANEL_KEY) ?? '{}') as Partial<PanelSettings>;
  } catch {
    stored = {};
  }
  const size = Cookies.get(SIZE_COOKIE);
  return {
    ...panelDefaults(),
    ...stored,
    sidebarOpened: Cookies.get(SIDEBAR_COOKIE) !== '0',
    size: size === 'large' || size === 'small' || size === 'medium' ? size : (DEFAULT_UI_SIZE as UiSize),
  };
}

const SettingsContext = createContext<SettingsContextValue | null>(null);

export function useSettings(): SettingsContextValue {
  const value = useContext(SettingsContext);
  if (!value) throw new Error('useSettings outside SettingsProvider');
  return value;
}

export type SettingsProviderProps = { children: ReactNode };

// People who ask their system for less motion get none: no sliding menus, fading icons or waves.
const REDUCED_MOTION =
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

export function SettingsProvider({ children }: SettingsProviderProps) {
  const [settings, setSettings] = useState<Settings>(readSettings);
  const { i18n } = useTranslation();
  const [antdLocale, setAntdLocale] = useState(() => currentAntdLocale() as Locale | undefined);
  useEffect(() => onLanguageApplied(() => setAntdLocale(currentAntdLocale() as Locale | undefined)), []);

  const update = useCallback((patch: Partial<Settings>) => {
    setSettings((prev) => {
      const next = { ...prev, ...patch };
      const { sidebarOpened, size, ...panel } = next;
      localStorage.setItem(PANEL_KEY, JSON.stringify(panel));
      Cookies.set(SIDEBAR_COOKIE, sidebarOpened ? '1' : '0', { expires: 365, sameSite: 'lax' });
      Cookies.set(SIZE_COOKIE, size, { expires: 365, sameSite: 'lax' });
      return next;
    });
  }, []);
  const reset = useCallback(() => update(panelDefaults()), [update]);

  const value = useMemo<SettingsContextValue>(
    () => ({ settings, language: i18n.language as Language, update, reset, setLanguage: changeLanguage }),
    [settings, i18n.language, update, reset],
  );
  const fontFamily = fontStack(i18n.language as Language);

  return (
    <SettingsContext.Provider value={value}>
      <ConfigProvider
        locale={antdLocale}
        componentSize={settings.size}
        theme={consoleTheme({ brand: settings.theme, fontFamily, motion: !REDUCED_MOTION })}
      >
        <AppRoot>{children}</AppRoot>
      </ConfigProvider>
    </SettingsContext.Provider>
  );
}
