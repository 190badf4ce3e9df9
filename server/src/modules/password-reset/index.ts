export { passwordResetRoutes } from './password-reset.routes';
export { useAllResets } from './password-resets.repository';
