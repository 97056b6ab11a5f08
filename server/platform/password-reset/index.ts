export { passwordResetRoutes } from './password-reset.handler';
