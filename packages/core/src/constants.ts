/** Business constants of spec 1 §9 and spec 2 §9. */
export const SESSION_TIMEOUT_MS = 10_800_000;
export const SESSION_ALERT_MS = 10_200_000;
export const REQUEST_TIMEOUT_MS = 60_000;
export const UPLOAD_TIMEOUT_MS = 300_000;
export const UPLOAD_MAX_BYTES = 25_000_000;
export const PDF_TEMPLATE_MAX_PAGES = 50;
export const COOKIE_DEFAULT_LIFETIME_HOURS = 60;
export const SEARCH_MIN = 3;
export const SEARCH_MAX = 50;
export const SEARCH_DEBOUNCE_MS = 500;
export const DEFAULT_PAGE_SIZE = 10;
export const PAGE_SIZE_OPTIONS = [10, 20, 25, 50, 75, 100] as const;
export const UNLIMITED = -1;
export const PRIMARY_COLOR = '#ff9b3f';
export const DEFAULT_HEADER_COLOR = '#4582ec';
export const DEFAULT_PROGRESS_COLOR = '#2a6add';
/** Ours: e-mailed codes (spec 2 §7 Authentication names the flow, issue 2 the rules). */
export const CODE_LENGTH = 6;
export const CODE_TTL_MS = 10 * 60_000;
export const CODE_MAX_ATTEMPTS = 5;
/** Ours: the bearer access token is short-lived; the refresh cookie renews it. */
export const ACCESS_TOKEN_TTL_MS = 15 * 60_000;
