export * from './clips.ts';
export * from './events.ts';
export * from './mail.ts';
export * from './map.ts';
export * from './review.ts';
export * from './videoLists.ts';
export * from './videos.ts';
