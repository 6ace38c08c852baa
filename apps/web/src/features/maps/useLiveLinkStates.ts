// Moved to the shared kernel (kernel/useLiveLinkStates.ts); kept for the device form's vehicle
// picker and the case device page until their next change imports the kernel directly.
export { liveStateOf, useLiveLinkStates } from '../../kernel/useLiveLinkStates';
