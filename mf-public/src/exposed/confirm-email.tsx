// Exposed as ./ConfirmEmail (issue 13); the shell routes /confirm-email to it.
export { ConfirmEmailPage as default } from '../features/auth/components/confirm-email-page';
