export * from './amp';
export * from './config';
export * from './fixtures';
export * from './rules';
export * from './compile';
export * from './visit';
