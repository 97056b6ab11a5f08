export { outboxRoutes } from './outbox.handler';
