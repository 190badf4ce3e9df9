export { passwordResetRoutes, type PasswordResetRoutesOptions } from './password-reset.routes';
