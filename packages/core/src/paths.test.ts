import { describe, expect, it } from 'vitest';
import { consolePaths } from './paths';

describe('consolePaths', () => {
  it('builds the console routes under /protect/p-{pCode}, codes and ids encoded', () => {
    expect(consolePaths.properties('AB12')).toBe('/protect/p-AB12/properties');
    expect(consolePaths.themes('AB12')).toBe('/protect/p-AB12/themes');
    expect(consolePaths.bulkUpdate('AB12')).toBe('/protect/p-AB12/bulk-update');
    expect(consolePaths.bulkUpdateStatus('AB12')).toBe('/protect/p-AB12/bulk-update-status');
    expect(consolePaths.organisation('AB12')).toBe('/protect/p-AB12/organisation');
    expect(consolePaths.invitation('a/b')).toBe('/invitation/a%2Fb');
    expect(consolePaths.siteDetail('a b', 'x/y', 'ab-testing')).toBe(
      '/protect/p-a%20b/sites/detail/x%2Fy/ab-testing',
    );
    expect(consolePaths.appEdit('AB12', '7')).toBe('/protect/p-AB12/apps/edit/7');
    expect(consolePaths.products('assent')).toBe('/protect/assent-products');
  });
});
