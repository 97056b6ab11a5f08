export { ContactPage as Component } from '../../features/signup/components/contact-page';
