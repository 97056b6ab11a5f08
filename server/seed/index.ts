export { DEMO_SEED_KEY, seedDemoContentOnce } from './seed';
