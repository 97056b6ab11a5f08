import { GlossaryPage } from '../../features/legal/components/glossary-page';

export function Component() {
  return <GlossaryPage />;
}
