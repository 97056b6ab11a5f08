export { pingRoutes } from './ping.handler';
