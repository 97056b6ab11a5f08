// The operations module's public face: its routes (/management) and the one access check for
// staff operations, which the back office reuses.
export { requireAuthority } from './access';
