import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createPaymentSession, tokenStore } from '@rotalink/shared-api';
import { renderPage } from '../test-utils/render-page';
import { SubscribeButton } from './subscribe-button';

jest.mock('@rotalink/shared-api', () => ({ ...jest.requireActual('@rotalink/shared-api'), createPaymentSession: jest.fn() }));

describe('SubscribeButton', () => {
  it('without a token, alerts and goes to /login instead of starting a payment (spec §6)', async () => {
    tokenStore.clear();
    const alertSpy = jest.spyOn(window, 'alert').mockImplementation(() => {});
    renderPage(<SubscribeButton />, { path: '/user', url: '/user' });
    await userEvent.click(screen.getByRole('button', { name: /Subscribe/ }));
    expect(alertSpy).toHaveBeenCalledTimes(1);
    expect(createPaymentSession).not.toHaveBeenCalled();
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
    alertSpy.mockRestore();
  });
});
