// The back office's public face (issue 15; server/back-office/README.md): its routes under /bo, the one
// staff access check, and the audit log's append for actions other modules may later record.
export { backOfficeGate, requireStaff, staffAction, type StaffActor } from './access';
export { appendAudit, latestAuditDetail, verifyAudit } from './audit';
export { staffRealtimeGrant } from './staff-auth';
export { STAFF_SESSION } from './settings';
// What players may see of a staff member: the public name they chose (never the sign-in name).
export { staffPublicNames } from './staff.service';
// The flags the limits module's notices raise (limit refusals, reality-check patterns), handed to it by the composition root.
export { limitFlagNotices } from './flags.service';
