import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { ConfigurationContext, type Configuration } from '../configuration/configuration';
import { SidebarProvider } from '../sidebars/sidebar-provider';

/** The content configuration a component reads (`useConfiguration`), as the demo content has it; a test overrides what it is about. */
export const testConfiguration: Configuration = {
  small_icons: '0',
  footer_text: '',
  footer_images: [],
  banner_links: [],
  cookie_message: '',
  facebook_app_id: '',
  ips_endpoint: '',
  chronos_endpoint: '',
  maintenance: false,
  support_email: 'support@emerald.test',
  minigames_provider: 'pocket-arcade',
  live_lobby: { gameId: '101', platform: 'EMERALD_LIVE', gameName: 'Live - Lobby', launchParameters: {} },
  bingo: { gameId: 'bingo', platform: 'EMERALD_BINGO', gameName: 'Bingo', launchParameters: {} },
  social_providers: [],
  signup_countries: ['IE', 'GB'],
};

/**
 * A component as the portal mounts it (issue 28, component tests): the content configuration, a query
 * client of its own that never retries, the sidebars, and a router at `path`. What the component asks of the server is not
 * answered here — a rule that needs the server is an API or browser test — so a component test
 * renders what takes its input from props, the form and the clock.
 */
export function renderComponent(
  ui: ReactNode,
  options: {
    path?: string;
    /** Answers already read, by query key (the consents a form asks for): the component's input, as the server gave it. */
    data?: readonly (readonly [readonly unknown[], unknown])[];
    configuration?: Partial<Configuration>;
  } = {},
): RenderResult & { queryClient: QueryClient } {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } } });
  for (const [key, value] of options.data ?? []) queryClient.setQueryData(key, value);
  const result = render(
    <ConfigurationContext.Provider value={{ ...testConfiguration, ...options.configuration }}>
      <QueryClientProvider client={queryClient}>
        <SidebarProvider>
          <MemoryRouter initialEntries={[options.path ?? '/']}>{ui}</MemoryRouter>
        </SidebarProvider>
      </QueryClientProvider>
    </ConfigurationContext.Provider>,
  );
  return { ...result, queryClient };
}

/**
 * Fills a field as a player pasting into it would: focus, then one input event with the whole text
 * (typing key by key re-renders a watched form once a key, seconds on a busy machine, and the rule
 * under test is about the value, not the keys).
 */
export async function fillIn(user: UserEvent, field: HTMLElement, text: string): Promise<void> {
  await user.clear(field);
  await user.click(field);
  await user.paste(text);
}
