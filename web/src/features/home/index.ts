// The home feature's face: the action cards the landing page shows too.
export { ActionCards } from './components/action-cards';
