// The back office's public face (issue 15; docs/architecture.md §7j): its routes under /bo, the one
// staff access check, and the audit log's append for actions other modules may later record.
export { backOfficeRoutes as backOfficeService } from './back-office.handler';
export { backOfficeGate, requireStaff, staffAction, type StaffActor } from './access';
export { appendAudit, latestAuditDetail, verifyAudit } from './audit';
export { staffPermissionsOfCookie } from './staff-auth';
export { STAFF_SESSION } from './settings';
