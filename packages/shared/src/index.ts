export * from './constants';
export * from './auth';
export * from './conversations';
export * from './errors';
export * from './pagination';
export * from './ai';
export * from './tracks';
export * from './lyrics';
