export * from './users';
export * from './billing';
export * from './demo';
export * from './events';
export * from './tips';
export * from './chat';
export * from './payments';
