// The file screens, loaded together on first use (routes/screens.ts).
export { FileFormPage } from './FileFormPage';
export { FileViewPage } from './FileViewPage';
