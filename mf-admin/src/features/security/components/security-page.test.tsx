import { screen } from '@testing-library/react';
import { ApiError } from '@rotalink/shared-api';
import { enableTwoFactor, getTwoFactor, startTwoFactor } from '@rotalink/shared-api/live';
import { renderRoute } from '../../../test-utils/render-route';
import { SecurityPage } from './security-page';

jest.mock('@rotalink/shared-api/live', () => ({
  ...jest.requireActual('@rotalink/shared-api/live'),
  getTwoFactor: jest.fn(),
  startTwoFactor: jest.fn(),
  enableTwoFactor: jest.fn(),
}));
const mockState = jest.mocked(getTwoFactor);
const mockStart = jest.mocked(startTwoFactor);
const mockEnable = jest.mocked(enableTwoFactor);
const CODES = Array.from({ length: 10 }, (_, i) => `ABCDE-FGH${String(i).padStart(2, '0')}`.slice(0, 11));

beforeEach(() => jest.clearAllMocks());

test('sets up two-factor sign-in: QR code and key, a code from the app, then the recovery codes once', async () => {
  mockState.mockResolvedValueOnce({ enabled: false, required: true, recoveryCodesLeft: 0 });
  mockState.mockResolvedValue({ enabled: true, required: true, recoveryCodesLeft: 10 });
  mockStart.mockResolvedValue({ secret: 'KZTPJYDCLNYFMDMD', otpauthUrl: 'otpauth://totp/x', qr: 'data:image/svg+xml;base64,PHN2Zy8+' });
  mockEnable.mockResolvedValue({ message: 'on', recoveryCodes: CODES });
  const view = renderRoute(<SecurityPage />, '/admin_security');
  expect(await screen.findByText('Required on this site: set it up to use the admin console.')).toBeInTheDocument();
  await view.user.click(screen.getByRole('button', { name: 'Set up two-factor sign-in' }));
  expect(await screen.findByRole('img', { name: 'QR code for your authenticator app' })).toHaveAttribute(
    'src',
    'data:image/svg+xml;base64,PHN2Zy8+',
  );
  expect(screen.getByText('KZTPJYDCLNYFMDMD')).toBeInTheDocument();
  await view.user.type(screen.getByLabelText('Code from the app'), '123 456');
  await view.user.click(screen.getByRole('button', { name: 'Turn on' }));
  expect(mockEnable).toHaveBeenCalledWith('123456');
  const region = await screen.findByRole('region', { name: 'Recovery codes' });
  expect(region.querySelectorAll('li')).toHaveLength(10);
  expect(await screen.findByText('On. 10 recovery codes left.')).toBeInTheDocument();
  await view.user.click(screen.getByRole('button', { name: 'I have saved them' }));
  expect(screen.queryByRole('region', { name: 'Recovery codes' })).toBeNull();
});

test('a wrong code shows the server’s text and keeps the QR code', async () => {
  const WRONG = 'That code does not match the new secret. Scan the QR code again and enter the current code.';
  mockState.mockResolvedValue({ enabled: false, required: false, recoveryCodesLeft: 0 });
  mockStart.mockResolvedValue({ secret: 'S', otpauthUrl: 'otpauth://totp/x', qr: 'data:image/svg+xml;base64,PHN2Zy8+' });
  mockEnable.mockRejectedValue(new ApiError(WRONG, { code: 'invalid', status: 400, serverMessage: WRONG }));
  const view = renderRoute(<SecurityPage />, '/admin_security');
  await view.user.click(await screen.findByRole('button', { name: 'Set up two-factor sign-in' }));
  await view.user.type(await screen.findByLabelText('Code from the app'), '000000');
  await view.user.click(screen.getByRole('button', { name: 'Turn on' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(WRONG);
  expect(screen.getByRole('img', { name: 'QR code for your authenticator app' })).toBeInTheDocument();
});
