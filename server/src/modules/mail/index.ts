export type { MailMessage, Mailer } from './mailer';
export { createMailer, type MailConfig } from './create-mailer';
