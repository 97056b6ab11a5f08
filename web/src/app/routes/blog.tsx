import { BlogPage } from '../../features/blog/components/blog-page';

export function Component() {
  return <BlogPage />;
}
