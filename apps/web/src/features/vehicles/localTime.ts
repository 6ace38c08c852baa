// Moved to the shared kernel (kernel/format.ts); kept for the vehicle form until its next change
// imports the kernel directly.
export { localTime, withUnit } from '../../kernel/format';
