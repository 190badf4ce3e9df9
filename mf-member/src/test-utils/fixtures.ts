// Test data shaped like the server's answers (shared-api contract types), for component tests.
import type { MemberLink, RotatorSettings, SubProfile, User } from '@rotalink/shared-api';

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    user_id: 'u_member1',
    account: 'member',
    email: 'ada@example.com',
    first_name: 'Ada',
    last_name: 'Lovelace',
    subscription_status: 'active',
    subscription_type: 'monthly',
    package_price: 144.56,
    package_joined_date: '2026-03-04T10:00:00.000Z',
    package_expiry_date: null,
    title: 'Founder',
    slogan: 'Click in order',
    about: 'About Ada',
    ...overrides,
  };
}

export function makeSub(overrides: Partial<SubProfile> = {}): SubProfile {
  return {
    user_id: 's_sub1',
    first_name: 'Bob',
    last_name: 'Builder',
    email: 'bob@example.com',
    phone: '+1 555 0100',
    title: '',
    slogan: '',
    about: '',
    ...overrides,
  };
}

/** A link as its owner's list answers it (with the lifetime totals of issue 14). */
export function makeLink(overrides: Partial<MemberLink> = {}): MemberLink {
  const clicks = overrides.clicks ?? 0;
  return {
    id: 'l1',
    name: 'Shop',
    link: 'https://shop.example.com',
    clicks,
    max_clicks: 10,
    counted_clicks: clicks,
    all_clicks: clicks,
    ...overrides,
  };
}

/** A profile's rotator settings as the server answers them (issue 14). */
export function makeRotatorSettings(overrides: Partial<RotatorSettings> = {}): RotatorSettings {
  return {
    rotator_url: 'http://localhost:4000/r/u_member1',
    mode: 'fulfillment',
    on_finish: 'page',
    backup_url: null,
    unique_window_hours: 24,
    filter_bots: true,
    notify_link_completed: true,
    notify_queue_empty: true,
    ...overrides,
  };
}

/** Reads the QR code in a PNG data: URL (pngjs + jsQR, the decoders the browser suite uses too). */
export function decodeQrDataUrl(dataUrl: string): string | null {
  const { PNG } = require('pngjs') as typeof import('pngjs');
  const jsQR = (require('jsqr') as { default: typeof import('jsqr').default }).default;
  const png = PNG.sync.read(Buffer.from(dataUrl.replace(/^data:image\/png;base64,/, ''), 'base64'));
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? null;
}

/**
 * A stand-in for components/qr-codes/qr-render.ts where a page test only needs the QR panel to be
 * there (drawing a real 512 px PNG in jsdom takes about a second of CPU; qr-codes/ tests draw real ones).
 */
export const fakeQrRender = {
  QR_PNG_SIZE: 512,
  renderQr: async (text: string) => ({
    svgUrl: `data:image/svg+xml,${encodeURIComponent(text)}`,
    pngUrl: `data:image/png;base64,${btoa(text)}`,
  }),
  qrFileName: (kind: string, _owner: string, ext: string) => `qr-${kind}.${ext}`,
};
