import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { SidebarProvider } from '../sidebars/sidebar-provider';

/**
 * A component as the portal mounts it (issue 28, component tests): a query client of its own that
 * never retries, the sidebars, and a router at `path`. What the component asks of the server is not
 * answered here — a rule that needs the server is an API or browser test — so a component test
 * renders what takes its input from props, the form and the clock.
 */
export function renderComponent(
  ui: ReactNode,
  options: {
    path?: string;
    /** Answers already read, by query key (the consents a form asks for): the component's input, as the server gave it. */
    data?: readonly (readonly [readonly unknown[], unknown])[];
  } = {},
): RenderResult & { queryClient: QueryClient } {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } } });
  for (const [key, value] of options.data ?? []) queryClient.setQueryData(key, value);
  const result = render(
    <QueryClientProvider client={queryClient}>
      <SidebarProvider>
        <MemoryRouter initialEntries={[options.path ?? '/']}>{ui}</MemoryRouter>
      </SidebarProvider>
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}
