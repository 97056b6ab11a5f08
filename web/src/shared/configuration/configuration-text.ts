import { useQuery } from '@tanstack/react-query';
import { configurationPath, configurationResponseSchema, type LocalizedConfiguration } from '../../../../contracts/content/configuration';
import { apiRequest } from '../api/api-client';
import { contentStaleTime, useContentLanguage } from '../content/content-list';
import { useConfiguration } from './configuration';

/**
 * The configuration's texts (footer text and images, banner links, cookie message) in the interface
 * language (I18N-03). Start-up reads the configuration once, in English; another language asks the
 * content service for its words (`?lang=`), and until they arrive, or if they cannot, the start-up
 * texts stand in.
 */
export function useConfigurationText(): LocalizedConfiguration {
  const configuration = useConfiguration();
  const language = useContentLanguage();
  const translated = useQuery({
    queryKey: ['configuration-text', language],
    queryFn: ({ signal }) =>
      apiRequest('cms', configurationPath, { query: { lang: language }, schema: configurationResponseSchema, feedback: 'silent', signal }),
    enabled: language !== 'en',
    staleTime: contentStaleTime,
  });
  const fields = language === 'en' ? configuration : (translated.data?.[0]?.acf ?? configuration);
  return { footer_text: fields.footer_text, footer_images: fields.footer_images, banner_links: fields.banner_links, cookie_message: fields.cookie_message };
}
