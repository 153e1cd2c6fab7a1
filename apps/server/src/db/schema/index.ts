export * from './identity';
export * from './devices';
export * from './geofences';
export * from './exports';
export * from './commands';
export * from './places';
export * from './shipments';
export * from './rules';
