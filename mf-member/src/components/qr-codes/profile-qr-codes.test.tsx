import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, getRotatorSettings, tokenStore } from '@rotalink/shared-api';
import { decodeQrDataUrl, makeRotatorSettings } from '../../test-utils/fixtures';
import { ProfileQrCodes } from './profile-qr-codes';
import { QrCodeCard } from './qr-code-card';

jest.mock('@rotalink/shared-api', () => ({ ...jest.requireActual('@rotalink/shared-api'), getRotatorSettings: jest.fn() }));
const mockGetRotator = getRotatorSettings as jest.MockedFunction<typeof getRotatorSettings>;
// Drawing real 512 px PNGs in jsdom takes a few seconds of CPU on a busy machine.
jest.setTimeout(30_000);
const origin = window.location.origin;

beforeEach(() => {
  jest.clearAllMocks();
  tokenStore.setSession('member-token');
});

describe('ProfileQrCodes', () => {
  it('draws both codes, each decoding to its URL, with PNG and SVG downloads named after the profile', async () => {
    mockGetRotator.mockResolvedValue(makeRotatorSettings({ rotator_url: 'http://localhost:4000/r/u_member1' }));
    render(<ProfileQrCodes userId="u_member1" name="Ada Lovelace" initiallyOpen />);

    const page = await screen.findByRole('figure', { name: 'Public page' });
    const pagePng = await within(page).findByRole('link', { name: /Download PNG/ }, { timeout: 10_000 });
    expect(pagePng).toHaveAccessibleName('Download PNG of the public page QR code of Ada Lovelace');
    expect(pagePng).toHaveAttribute('download', 'rotalink-qr-public-page-ada-lovelace.png');
    expect(decodeQrDataUrl(pagePng.getAttribute('href')!)).toBe(`${origin}/profile?userId=u_member1`);
    const pageSvg = within(page).getByRole('link', { name: /Download SVG/ });
    expect(pageSvg).toHaveAttribute('download', 'rotalink-qr-public-page-ada-lovelace.svg');
    expect(decodeURIComponent(pageSvg.getAttribute('href')!)).toMatch(/^data:image\/svg\+xml;charset=utf-8,<svg /);
    expect(within(page).getByRole('img')).toHaveAccessibleName(`QR code that opens ${origin}/profile?userId=u_member1`);

    const rotator = screen.getByRole('figure', { name: 'Rotator link' });
    const rotatorPng = await within(rotator).findByRole('link', { name: /Download PNG/ }, { timeout: 10_000 });
    expect(decodeQrDataUrl(rotatorPng.getAttribute('href')!)).toBe('http://localhost:4000/r/u_member1');
    expect(mockGetRotator).toHaveBeenCalledWith('u_member1');
  });

  it('fetches and draws nothing until a closed panel is opened', async () => {
    mockGetRotator.mockResolvedValue(makeRotatorSettings({ rotator_url: 'http://localhost:4000/r/s_sub1' }));
    render(<ProfileQrCodes userId="s_sub1" name="Bob Builder" />);
    const toggle = screen.getByRole('button', { name: 'QR codes of Bob Builder' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('figure')).not.toBeInTheDocument();
    expect(mockGetRotator).not.toHaveBeenCalled();

    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAccessibleName('Hide QR codes of Bob Builder');
    const rotator = screen.getByRole('figure', { name: 'Rotator link' });
    const png = await within(rotator).findByRole('link', { name: /Download PNG/ }, { timeout: 10_000 });
    expect(decodeQrDataUrl(png.getAttribute('href')!)).toBe('http://localhost:4000/r/s_sub1');
  });

  it('keeps the public page code when the rotator link fails to load, and retries', async () => {
    mockGetRotator
      .mockRejectedValueOnce(new ApiError('Something went wrong!', { code: 'network' }))
      .mockResolvedValueOnce(makeRotatorSettings({ rotator_url: 'http://localhost:4000/r/u_member1' }));
    render(<ProfileQrCodes userId="u_member1" name="Ada Lovelace" initiallyOpen />);
    const rotator = screen.getByRole('figure', { name: 'Rotator link' });
    expect(await within(rotator).findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent('Failed to load the rotator link.');
    expect(
      await within(screen.getByRole('figure', { name: 'Public page' })).findByRole('link', { name: /Download PNG/ }, { timeout: 10_000 }),
    ).toBeVisible();

    await userEvent.click(within(rotator).getByRole('button', { name: 'Retry' }));
    expect(
      await within(screen.getByRole('figure', { name: 'Rotator link' })).findByRole('link', { name: /Download PNG/ }, { timeout: 10_000 }),
    ).toBeVisible();
  });

  it.each([
    ['María Óbrien López', 'maria-obrien-lopez'],
    ['Łukasz Søren Straße', 'lukasz-soren-strasse'],
  ])('names the downloads of %s with its letters folded to ASCII, none dropped', async (owner, slug) => {
    render(<QrCodeCard title="Public page" url={`${origin}/profile?userId=u_member1`} owner={owner} />);
    const png = await screen.findByRole('link', { name: /Download PNG/ }, { timeout: 10_000 });
    expect(png).toHaveAttribute('download', `rotalink-qr-public-page-${slug}.png`);
    expect(screen.getByRole('link', { name: /Download SVG/ })).toHaveAttribute('download', `rotalink-qr-public-page-${slug}.svg`);
    expect(png).toHaveAccessibleName(`Download PNG of the public page QR code of ${owner}`);
  });
});
