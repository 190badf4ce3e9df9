export type { MailMessage, Mailer } from './mailer';
export { createMailer, type MailConfig } from './create-mailer';
export { escapeHtml, sendLater } from './send-later';
export type { MailDeps } from './send-later';
