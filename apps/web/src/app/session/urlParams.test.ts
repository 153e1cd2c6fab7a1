import { describe, expect, it } from 'vitest';
import { readStartupParams, withoutStartupParams } from './urlParams';

describe('start-up parameters', () => {
  it('reads the impersonation and temporary tokens', () => {
    const params = readStartupParams(
      new URLSearchParams('token=imi&admin=adm&imitate_from=%2Fmanage%2Fusers&temporary_token=tmp'),
    );
    expect(params).toEqual({
      temporaryToken: 'tmp',
      imitationToken: 'imi',
      adminToken: 'adm',
      imitateFrom: '/manage/users',
      noImitate: false,
    });
  });

  it('refuses a return address off this site and notices no_imitate', () => {
    const params = readStartupParams(
      new URLSearchParams('imitate_from=https://evil.test&no_imitate'),
    );
    expect(params.imitateFrom).toBeNull();
    expect(params.noImitate).toBe(true);
  });

  it('strips only its own parameters from the address', () => {
    const url = new URL('https://app.test/trackers?token=a&search=van&temporary_token=b#x');
    expect(withoutStartupParams(url)).toBe('/trackers?search=van#x');
  });
});
