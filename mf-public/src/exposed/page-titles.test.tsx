import type { ReactElement } from 'react';
import { ForgotPasswordPage } from '../features/auth/components/forgot-password-page';
import { ResetPasswordPage } from '../features/auth/components/reset-password-page';
import { SignupPage } from '../features/auth/components/signup-page';
import { LegalPage } from '../features/legal/components/legal-page';
import { PaymentSuccessPage } from '../features/payment/components/payment-success-page';
import { renderPage } from '../test-utils/render-page';

/**
 * Issue 13: every page names itself in the tab (and so in history and to screen readers) instead
 * of every tab reading "Rotalink". The landing, sign-in and visitor pages are checked in their own
 * tests; these pages set their title on first render, with no call needed.
 */
test.each<[string, string, ReactElement, string]>([
  ['/terms', '/terms', <LegalPage key="t" page="terms" />, 'Terms of Service · Rotalink'],
  ['/privacy', '/privacy', <LegalPage key="p" page="privacy" />, 'Privacy Policy · Rotalink'],
  ['/refundpolicy', '/refundpolicy', <LegalPage key="r" page="refund" />, 'Refund Policy · Rotalink'],
  ['/signup', '/signup', <SignupPage key="s" />, 'Sign up · Rotalink'],
  ['/forgotpassword', '/forgotpassword', <ForgotPasswordPage key="f" />, 'Forgot password · Rotalink'],
  ['/resetpassword', '/resetpassword?token=abc', <ResetPasswordPage key="rp" />, 'Reset password · Rotalink'],
  ['/payment-success', '/payment-success', <PaymentSuccessPage key="ps" />, 'Payment · Rotalink'],
])('%s is titled', (path, url, page, title) => {
  document.title = 'Rotalink';
  renderPage(page, { path, url });
  expect(document.title).toBe(title);
});
