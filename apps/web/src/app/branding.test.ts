import { describe, expect, it } from 'vitest';
import { applyBrand, brandFor, brandRedirectBase, hostBrand } from './branding';

const config = {
  consumer_hosts: ['home.waymark.test'],
  business_app_url: 'https://app.waymark.test/',
  consumer_app_url: 'https://home.waymark.test',
};

describe('branding', () => {
  it('chooses the brand by host, then by the uses_gpx_app setting', () => {
    expect(hostBrand('HOME.waymark.test', config.consumer_hosts)).toBe('consumer');
    expect(brandFor('app.waymark.test', config.consumer_hosts, false)).toBe('business');
    expect(brandFor('app.waymark.test', config.consumer_hosts, true)).toBe('consumer');
  });

  it('moves a consumer account off the business host when the consumer app is configured', () => {
    expect(brandRedirectBase('app.waymark.test', config, true)).toBe('https://home.waymark.test');
    expect(brandRedirectBase('app.waymark.test', config, false)).toBeNull();
    expect(brandRedirectBase('home.waymark.test', config, false)).toBeNull();
    expect(
      brandRedirectBase('app.waymark.test', { ...config, consumer_app_url: null }, true),
    ).toBeNull();
  });

  it('never redirects to the host it is on', () => {
    const sameHost = { ...config, consumer_app_url: 'https://app.waymark.test' };
    expect(brandRedirectBase('app.waymark.test', sameHost, true)).toBeNull();
  });

  it('sets the body class and favicon', () => {
    document.head.innerHTML = '<link id="favicon" rel="icon" href="/favicon-business.svg">';
    applyBrand('consumer');
    expect(document.body.classList.contains('brand-consumer')).toBe(true);
    expect(document.body.classList.contains('brand-business')).toBe(false);
    expect(document.getElementById('favicon')?.getAttribute('href')).toBe('/favicon-consumer.svg');
  });
});
