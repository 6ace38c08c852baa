export * from './deadLetters.ts';
export * from './examples.ts';
export * from './live.ts';
export * from './messages.ts';
export * from './secrets.ts';
export * from './states.ts';
export * from './topics.ts';
