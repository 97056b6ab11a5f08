// The module's HTTP routes, for the plugin that mounts its prefix; its services and types are in index.ts.
export { kycWebhookRoutes } from './webhook.handler';
