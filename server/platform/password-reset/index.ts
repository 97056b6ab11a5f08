export { forgetPasswordResets } from './forget';
