export { managementService } from './management.plugin';
