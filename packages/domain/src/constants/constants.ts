/** Business constants of spec 000 §9 and 002 §9 that both server and web read. */
export const REQUEST_TIMEOUT_MS = 100_000;
export const TOAST_TIMEOUT_MS = 3_000;
export const ERROR_TOAST_TIMEOUT_MS = 15_000;
export const PASSWORD_SUCCESS_TOAST_MS = 8_000;
export const OFFLINE_OVERLAY_DELAY_MS = 400;
export const MODAL_REOPEN_DELAY_MS = 200;
export const LOGOUT_WAIT_MS = 3_000;
export const TABS_DROPDOWN_CLOSE_MS = 500;
export const TOOLTIP_SHOW_DELAY_MS = 1_000;
export const NPS_DELAY_MS = 5_000;
export const COOKIE_LIFETIME_DAYS = 365;

export const BREAKPOINTS = { xs: 640, sm: 768, md: 1024, lg: 1280, xl: 1440 } as const;
export const SPINNER_SIZES = { xs: 14, sm: 16, base: 18, md: 24, lg: 32, xl: 48 } as const;
/** Remote option search of comboboxes waits this long after the last key (spec 001 §9). */
export const COMBOBOX_SEARCH_DEBOUNCE_MS = 150;
