import { ContactPage } from '../../features/info/components/contact-page';

export function Component() {
  return <ContactPage />;
}
