// The business constants of spec §9, one place for both sides.

export const PRODUCT_NAME = 'FleetLens';
/** The title: the product name with a v3 suffix. */
export const PRODUCT_TITLE = `${PRODUCT_NAME} v3`;

export const THEME_COLOR = '#005d74';
export const API_BASE_PATH = '/api/v1';
export const API_TIMEOUT_MS = 60_000;
/** perPage when a list is asked for without paging, and the cap on any perPage. */
export const UNPAGED_PER_PAGE = 10_000;
export const DEFAULT_PER_PAGE = 20;
export const MOBILE_WIDTH = 992;
export const SIDEBAR_WIDTH = 210;
export const NOTIFICATION_BADGE_CAP = 99;
export const ERROR_TOAST_SECONDS = 5;
/** Manual-download messages stay this long (spec §8). */
export const MANUAL_MESSAGE_SECONDS = 70;
export const SYNC_DOWNLOAD_LINK_SECONDS = 60;
export const ASYNC_DOWNLOAD_LINK_MINUTES = 60;
export const DOWNLOAD_PERIOD_MONTHS = [13, 2] as const;
export const DROPDOWN_LOAD_MORE_PX = 10;
export const DATE_FORMAT = 'YYYY-MM-DD HH:mm';
export const SERVER_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const TACHOGRAPH_RANGES = ['24h', '8h', '12m', '4m'] as const;
export const DRIVING_SCORE_PERIODS = ['daily', 'weekly', 'monthly', 'manual'] as const;

export const UI_SIZES = ['large', 'medium', 'small'] as const;
export type UiSize = (typeof UI_SIZES)[number];
export const DEFAULT_UI_SIZE: UiSize = 'medium';

export const SETTINGS_DEFAULTS = {
  theme: THEME_COLOR,
  showSettings: true,
  tagsView: true,
  fixedHeader: true,
  sidebarLogo: true,
  supportPinyinSearch: true,
  /** The error log collects runtime errors in production only. */
  errorLogIn: 'production',
} as const;

/** Browser storage keys the spec names. */
export const DEVICE_ID_KEY = 'DEVICE_ID';
/** The lengths of a device id the server accepts (the session check's `device_id`). */
export const DEVICE_ID_LENGTH = { min: 8, max: 128 } as const;
export const COOKIE_KEYS = { sidebar: 'sidebarStatus', language: 'language', size: 'size' } as const;

/**
 * Codes that mean "you are logged out": the web opens the Confirm logout dialog. Kept here, apart
 * from the error schemas (api/errors.ts), so the sign-in page does not load zod for them.
 */
export const LOGOUT_CODES: readonly number[] = [50008, 50012, 50014];
