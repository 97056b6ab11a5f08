// The module's HTTP routes, for the plugin that mounts its prefix; its services and types are in index.ts.
export { walletRoutes } from './wallet.plugin';
