import { z } from 'zod';

/**
 * GET /management/configprops and GET /management/env (OPS-06, OPS-07, OPS-12). Every value whose
 * name says it is a secret (password, secret, token, key, credential), every variable Emerald
 * knows holds one, and every password inside a URL is replaced by MASK before it leaves the server.
 */
export const MASK = '******';

export const propertyValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(z.string())]);
export type PropertyValue = z.infer<typeof propertyValueSchema>;

export const configPropsResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  /** The validated configuration (defaults applied), grouped by what it configures. */
  groups: z.array(
    z.object({
      prefix: z.string(),
      properties: z.record(z.string(), propertyValueSchema),
    }),
  ),
});
export type ConfigPropsResponse = z.infer<typeof configPropsResponseSchema>;

export const envResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  activeProfiles: z.array(z.string()),
  propertySources: z.array(
    z.object({
      name: z.string(),
      properties: z.record(z.string(), z.object({ value: propertyValueSchema, origin: z.string().optional() })),
    }),
  ),
});
export type EnvResponse = z.infer<typeof envResponseSchema>;
