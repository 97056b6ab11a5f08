// Inducements closed per jurisdiction (issue 29 item 7; docs/compliance.md "Inducements"): which
// of loyalty points, the loyalty shop, refer a friend and bonus offers a player may have, and the
// refusal (403 INDUCEMENTS_NOT_AVAILABLE) each module raises in its own service. The composition
// root builds them from INDUCEMENTS_OFF (createInducements) and hands them on (`context.inducements`).
export { createInducements, inducementJurisdictionOf, inducementRefusal, inducementSettings, type Inducements, type PlayerInducements } from './inducements';
