import { screen } from '@testing-library/react';
import { ApiError } from '@rotalink/shared-api';
import { disableTwoFactor, enableTwoFactor, getTwoFactor, startTwoFactor } from '@rotalink/shared-api/live';
import { renderRoute } from '../../../test-utils/render-route';
import { SecurityPage } from './security-page';

jest.mock('@rotalink/shared-api/live', () => ({
  ...jest.requireActual('@rotalink/shared-api/live'),
  getTwoFactor: jest.fn(),
  startTwoFactor: jest.fn(),
  enableTwoFactor: jest.fn(),
  disableTwoFactor: jest.fn(),
}));
const mockState = jest.mocked(getTwoFactor);
const mockStart = jest.mocked(startTwoFactor);
const mockEnable = jest.mocked(enableTwoFactor);
const mockDisable = jest.mocked(disableTwoFactor);
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

test('turns two-factor sign-in off with a recovery code; a wrong code shows the server’s text and keeps it on', async () => {
  const WRONG = 'That code is not right. Enter the current code from your app, or an unused recovery code.';
  mockState.mockResolvedValueOnce({ enabled: true, required: false, recoveryCodesLeft: 10 });
  mockState.mockResolvedValue({ enabled: false, required: false, recoveryCodesLeft: 0 });
  mockDisable.mockRejectedValueOnce(new ApiError(WRONG, { code: 'invalid', status: 400, serverMessage: WRONG }));
  mockDisable.mockResolvedValueOnce({ message: 'Two-factor sign-in is off: signing in needs only the password.' });
  const view = renderRoute(<SecurityPage />, '/admin_security');
  await view.user.click(await screen.findByRole('button', { name: 'Turn off two-factor sign-in' }));
  const field = screen.getByLabelText('Code from the app, or a recovery code');
  await view.user.type(field, '000000');
  await view.user.click(screen.getByRole('button', { name: 'Turn off' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(WRONG);
  expect(screen.getByText('On. 10 recovery codes left.')).toBeInTheDocument();
  await view.user.clear(field);
  await view.user.type(field, 'abcde-fgh23');
  await view.user.click(screen.getByRole('button', { name: 'Turn off' }));
  expect(mockDisable).toHaveBeenLastCalledWith('abcde-fgh23');
  expect(await screen.findByRole('status')).toHaveTextContent('Two-factor sign-in is off: signing in needs only the password.');
  expect(await screen.findByText('Off: signing in needs only the password.')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Set up two-factor sign-in' })).toBeInTheDocument();
});

test('where the site requires it, turning it off is not offered', async () => {
  mockState.mockResolvedValue({ enabled: true, required: true, recoveryCodesLeft: 10 });
  renderRoute(<SecurityPage />, '/admin_security');
  expect(await screen.findByText('On. 10 recovery codes left.')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Turn off two-factor sign-in' })).toBeNull();
});
