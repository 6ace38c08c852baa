// The manuals screen, loaded on first use (routes/screens.ts).
export { ManualsPage } from './ManualsPage';
