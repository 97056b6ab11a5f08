export * from './content';
export * from './platform';
export * from './system';
export * from './mail';
export * from './social';
export * from './wallet';
export * from './cashier';
export * from './sandbox-payments';
