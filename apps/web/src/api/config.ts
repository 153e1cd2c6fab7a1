import { useQuery } from '@tanstack/react-query';
import { appConfigSchema, type AppConfig } from '@waymark/domain';
import { request } from './client';
import { checked } from './parse';

/** Used when /config cannot be read, so the login page still works. */
export const FALLBACK_CONFIG: AppConfig = {
  version: 'unknown',
  business_app_url: null,
  consumer_app_url: null,
  consumer_hosts: [],
  help_url: null,
  help_chat_url: null,
  support_email: 'support@waymark.local',
  sentry_dsn: null,
  sentry_environment: 'production',
  map_style_url: null,
  satellite_url: null,
  map_pmtiles_url: null,
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
