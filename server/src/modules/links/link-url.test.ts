import ipaddr from 'ipaddr.js';
import type { AllowedRange } from '../../config-background';
import { normaliseLinkUrl } from './link-url';

const loopback: AllowedRange[] = [[ipaddr.parse('127.0.0.1'), 32]];

/** Issue 29's refusal of local addresses, and the one waiver a link-health test needs. */
describe('normaliseLinkUrl', () => {
  it('refuses a link to this computer, naming it, and keeps www. links as https', () => {
    expect(() => normaliseLinkUrl('https://127.0.0.1:8443/offer')).toThrow(/“127\.0\.0\.1” is an address on your own computer/);
    expect(() => normaliseLinkUrl('https://localhost/offer')).toThrow(/“localhost” is an address on your own computer/);
    expect(normaliseLinkUrl('www.shop.example.com/a')).toBe('https://www.shop.example.com/a');
  });

  it('lets LINK_CHECK_TEST_ALLOW addresses through (tests only), and nothing else', () => {
    expect(normaliseLinkUrl('https://127.0.0.1:8443/offer', loopback)).toBe('https://127.0.0.1:8443/offer');
    expect(() => normaliseLinkUrl('https://127.0.0.2/offer', loopback)).toThrow(/your own computer/);
    expect(() => normaliseLinkUrl('https://localhost/offer', loopback)).toThrow(/your own computer/);
    expect(() => normaliseLinkUrl('http://127.0.0.1/offer', loopback)).toThrow(/https/);
  });
});
