// Inducements closed per jurisdiction (issue 29 item 7; docs/compliance.md "Inducements"): which
// of loyalty points, the loyalty shop, refer a friend and bonus offers a player may have, and the
// refusal (403 INDUCEMENTS_NOT_AVAILABLE) each module raises in its own service.
export {
  applyInducementSettings,
  inducementClosed,
  inducementClosedSql,
  inducementJurisdictionOf,
  inducementRefusal,
  inducementsOffIn,
  playerInducements,
  refuseClosedInducement,
  type PlayerInducements,
} from './inducements';
