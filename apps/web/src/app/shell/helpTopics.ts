/** The built-in help panel's topics, each with a link to the screen it is about. */
export const HELP_TOPICS = [
  {
    title: 'Finding a tracker',
    text: 'The tracker list filters by name, serial and status; a click shows the tracker on the map and its details.',
    link: 'Open Trackers',
    to: '/trackers',
  },
  {
    title: 'Grouping trackers',
    text: 'Groups gather trackers for the map, reports and user access; New Group walks you through three steps.',
    link: 'Open Groups',
    to: '/groups',
  },
  {
    title: 'Geofences',
    text: 'Draw an area on the map to be alerted when trackers enter or leave it.',
    link: 'Open Geofences',
    to: '/geofences',
  },
  {
    title: 'Reports',
    text: 'A report keeps the positions, stops and alerts of trackers over a period, to view, share or export.',
    link: 'Open Reports',
    to: '/reports',
  },
  {
    title: 'Users, orders and billing',
    text: 'Invite users, follow orders and manage addresses and payment methods in the Manage area.',
    link: 'Open Manage',
    to: '/manage',
  },
  {
    title: 'Your settings',
    text: 'Change your name, time zone, units and password.',
    link: 'Open Account Settings',
    to: '/account',
  },
] as const;
