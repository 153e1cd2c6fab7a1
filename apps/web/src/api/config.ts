import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { request } from './client';
import { checked } from './parse';

/** GET /config: public settings the app needs before anyone logs in. */
export const appConfigSchema = z.object({
  version: z.string(),
  business_app_url: z.string().nullable(),
  consumer_app_url: z.string().nullable(),
  consumer_hosts: z.array(z.string()),
  help_url: z.string().nullish(),
});
export type AppConfig = z.infer<typeof appConfigSchema>;

/** Used when /config cannot be read, so the login page still works. */
export const FALLBACK_CONFIG: AppConfig = {
  version: 'unknown',
  business_app_url: null,
  consumer_app_url: null,
  consumer_hosts: [],
  help_url: null,
};

export const CONFIG_KEY = ['config'] as const;

export async function fetchConfig(): Promise<AppConfig> {
  try {
    const data = await request<unknown>('/config', { globalErrors: false });
    return checked(appConfigSchema, data, 'GET /config');
  } catch (error) {
    console.warn('GET /config failed; using defaults', error);
    return FALLBACK_CONFIG;
  }
}

export function useConfig(): AppConfig {
  return (
    useQuery({ queryKey: CONFIG_KEY, queryFn: fetchConfig, staleTime: Infinity }).data ??
    FALLBACK_CONFIG
  );
}
