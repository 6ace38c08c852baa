export * from './clips.ts';
export * from './events.ts';
