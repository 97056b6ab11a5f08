// The support module's public face: live support conversations between players and staff (issue 16,
// spec 000 §1 live chat), their hours, and the routes players and the back office use.
export { isSupportOpen, supportHoursAt, type SupportSchedule } from './support-hours';
export { answerAsStaff, closeAsStaff, readPlayerSupport, supportQueue, writeAsPlayer } from './support.service';
