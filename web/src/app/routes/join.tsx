export { JoinPage as Component } from '../../features/signup/components/join-page';
