// The Loqate simulator's public face (issue 31): started by the address adapter's tests and by
// `npm run sandbox:loqate` for an operator who points LOQATE_API_URL at it.
export { startLoqateSimulator, type LoqateSimulator, type LoqateSimulatorOptions } from './loqate-simulator';
