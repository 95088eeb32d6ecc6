// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AB_VARIANT_COOKIE, bannerConfigFixture, withAbTest } from '@assent/core/banner';
import { button, resetWindow, start } from '../test/harness';

const control = bannerConfigFixture();
const blue = bannerConfigFixture({
  themeId: 'blue-theme',
  theme: {
    ...control.theme,
    texts: { en: { ...control.theme.texts.en!, agreeButton: 'Sounds good' } },
  },
});
const config = withAbTest([
  { name: 'control', traffic: 50, config: control },
  { name: 'blue', traffic: 50, config: blue },
]);
const cookie = () =>
  document.cookie
    .split(';')
    .map((c) => c.trim().split('='))
    .find(([name]) => name === AB_VARIANT_COOKIE)?.[1];

describe('A/B test of themes in the runtime', () => {
  beforeEach(resetWindow);
  afterEach(resetWindow);

  it('draws a variant by the split, shows its theme, keeps it in a cookie and reports it in the visit', async () => {
    const h = await start({ config, random: () => 0.75 });
    expect(cookie()).toBe('blue');
    expect(button(h.cmp, 'accept')!.textContent).toBe('Sounds good');
    await h.cmp.acceptAll();
    window.dispatchEvent(new Event('pagehide'));
    expect(JSON.parse(h.beacons[0]!.body)).toMatchObject({ t: 'blue-theme', v: 'blue', o: 'a' });
  });

  it('keeps the stored variant on later page views whatever the draw (sticky)', async () => {
    document.cookie = `${AB_VARIANT_COOKIE}=control;path=/`;
    const h = await start({ config, random: () => 0.99 });
    expect(cookie()).toBe('control');
    expect(button(h.cmp, 'accept')!.textContent).toBe('Accept all');
    await h.cmp.rejectAll();
    window.dispatchEvent(new Event('pagehide'));
    expect(JSON.parse(h.beacons[0]!.body)).toMatchObject({ t: control.themeId, v: 'control' });
  });
});
