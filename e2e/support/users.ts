/** The password of every demo login (apps/server/src/db/seed/demo.ts). */
export const DEMO_PASSWORD = 'demo1234';

/** The demo logins the browser tests act as, with the name their user menu shows. */
export const DEMO_USERS = {
  admin: { email: 'admin@demo.test', name: 'Alex Admin' },
  manager: { email: 'manager@demo.test', name: 'Morgan Manager' },
  user: { email: 'user@demo.test', name: 'Pat Power' },
  viewer: { email: 'viewer@demo.test', name: 'Vic Viewer' },
  consumer: { email: 'consumer@demo.test', name: 'Casey Consumer' },
  newcomer: { email: 'new@demo.test', name: 'Noa Newcomer' },
} as const;

export type DemoUser = keyof typeof DEMO_USERS;
