// The GAMSTOP v2 simulator's public face (issue 29 item 6): started by the adapter's tests and by
// `npm run sandbox:gamstop` for an operator who points GAMSTOP_URL at it.
export {
  defaultGamstopPeople,
  GAMSTOP_BATCH_MAX_BYTES,
  GAMSTOP_BATCH_MAX_PEOPLE,
  startGamstopSimulator,
  type GamstopExclusion,
  type GamstopPerson,
  type GamstopRequestRecord,
  type GamstopSimulator,
  type GamstopSimulatorOptions,
} from './gamstop-simulator';
