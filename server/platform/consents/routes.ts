// The module's HTTP routes, for the plugin that mounts its prefix; its services and types are in index.ts.
export { consentsRoutes } from './consents.handler';
export { userConsentsRoutes } from './user-consents.handler';
export { marketingConsentsRoutes } from './marketing-consents.handler';
