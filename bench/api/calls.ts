/** The calls loaded: the two big lists of spec 000 §7 in each form a client may ask for. */
export interface BenchCall {
  name: string;
  path: (accountId: number) => string;
  /** The call the trackers screen makes. */
  usedByWebApp?: boolean;
  gzip?: boolean;
}

export const CALLS: BenchCall[] = [
  {
    name: 'current-positions',
    path: (id) => `/api/accounts/${id}/current-positions?raw=1`,
  },
  {
    name: 'current-positions rows',
    path: (id) => `/api/accounts/${id}/current-positions?raw=1&format=rows`,
  },
  {
    name: 'device-list',
    path: (id) => `/api/accounts/${id}/device-list?with_current_position=1`,
  },
  {
    name: 'device-list gzip',
    path: (id) => `/api/accounts/${id}/device-list?with_current_position=1`,
    gzip: true,
  },
  {
    name: 'v2 device-list',
    path: (id) => `/api/v2/accounts/${id}/device-list?with_current_position=1`,
  },
  {
    name: 'device-list rows',
    path: (id) => `/api/accounts/${id}/device-list?with_current_position=1&format=rows`,
  },
  {
    name: 'device-list rows gzip',
    path: (id) => `/api/accounts/${id}/device-list?with_current_position=1&format=rows`,
    usedByWebApp: true,
    gzip: true,
  },
];
