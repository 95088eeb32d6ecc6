import { describe, expect, it } from 'vitest';
import {
  ALERT_AUTO_CLOSE_MS,
  APP_ERROR_CLEAR_MS,
  AUDIT_STATUS_POLL_MS,
  BULK_UPDATE_POLL_INTERVAL_MS,
  BULK_UPDATE_POLL_MAX_ATTEMPTS,
  TAG_COPIED_CONFIRMATION_MS,
  canPollBulkUpdateAgain,
} from './timing';

describe('alert and poll timings', () => {
  it('match the spec', () => {
    expect(ALERT_AUTO_CLOSE_MS).toBe(7000);
    expect(BULK_UPDATE_POLL_INTERVAL_MS).toBe(10_000);
    expect(BULK_UPDATE_POLL_MAX_ATTEMPTS).toBe(4);
    expect(TAG_COPIED_CONFIRMATION_MS).toBe(3000);
    expect(AUDIT_STATUS_POLL_MS).toBe(60_000);
    expect(APP_ERROR_CLEAR_MS).toBe(5000);
  });

  it('stop the bulk-update poll after 4 attempts', () => {
    expect(canPollBulkUpdateAgain(3)).toBe(true);
    expect(canPollBulkUpdateAgain(4)).toBe(false);
  });
});
