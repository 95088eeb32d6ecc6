/**
 * Timings of the console's alerts and polls (reports-and-account §9, properties-and-tags §9).
 */

/** Global alerts close by themselves after 7 seconds. */
export const ALERT_AUTO_CLOSE_MS = 7000;
/** The bulk-update alert polls the status every 10 seconds… */
export const BULK_UPDATE_POLL_INTERVAL_MS = 10_000;
/** …at most 4 times. */
export const BULK_UPDATE_POLL_MAX_ATTEMPTS = 4;
/** 'The tag has been copied' stays 3 seconds. */
export const TAG_COPIED_CONFIRMATION_MS = 3000;
/** Pending audit logs are polled every 60 seconds. */
export const AUDIT_STATUS_POLL_MS = 60_000;
/** App form errors clear after 5 seconds. */
export const APP_ERROR_CLEAR_MS = 5000;

/** Whether a poll that has run `attempts` times may run again. */
export const canPollBulkUpdateAgain = (attempts: number): boolean =>
  attempts < BULK_UPDATE_POLL_MAX_ATTEMPTS;
