// The account-holder register's public face (issue 29 item 9; docs/compliance.md "Account-holder
// register"): the job every node runs, a removal on request (the player's route, and staff's in
// their audited transaction), and the removals staff see.
export {
  afterStaffRemoval,
  giveInactivityNotice,
  monthsBefore,
  registerRemovals,
  removalOf,
  removeOnRequest,
  removeOnRequestInTx,
  runAccountRegister,
  type RegisterRunSummary,
  type RemovalOutcome,
} from './register.service';
export { startAccountRegister } from './register-timer';
export { noticeText, type NoticeLanguage } from './notice-text';
