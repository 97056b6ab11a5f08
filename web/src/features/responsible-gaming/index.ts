// The responsible-gaming area's public face for other screens (the account page's Responsible
// Gaming tab, the wallet's Limits tab, the limits modal: RG-01).
export { ResponsibleGamingLimits } from './components/responsible-gaming-limits';
