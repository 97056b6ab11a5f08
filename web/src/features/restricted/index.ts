// The restricted view of a player on a time-out (issue 26 defect 4): the notice, the page shown
// instead of a closed one, and which pages stay open.
export { isOpenToRestrictedSession } from './restricted-access';
export { RestrictedNotice } from './components/restricted-notice';
export { RestrictedView } from './components/restricted-view';
