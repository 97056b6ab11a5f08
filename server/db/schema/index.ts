export * from './content';
export * from './platform';
export * from './system';
export * from './mail';
export * from './social';
