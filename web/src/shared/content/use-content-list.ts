import { useQuery } from '@tanstack/react-query';
import type { $ZodType } from 'zod/v4/core';
import type { QueryParams } from '../api/build-url';
import { contentStaleTime, fetchAllPages, useContentLanguage } from './content-list';

/** Every post of a content list in the interface language, cached per type, query and language. */
export function useContentList<T>(type: string, schema: $ZodType<T[]>, query: QueryParams = {}) {
  const language = useContentLanguage();
  return useQuery({
    queryKey: ['content', type, language, query],
    queryFn: ({ signal }) => fetchAllPages(type, schema, language, query, signal),
    staleTime: contentStaleTime,
  });
}
