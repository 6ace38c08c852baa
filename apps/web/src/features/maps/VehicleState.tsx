// Moved to the shared kernel (kernel/VehicleState.tsx); kept for the device form's vehicle picker
// and the case device page until their next change imports the kernel directly.
export { VehicleOptionLabel, VehicleState } from '../../kernel/VehicleState';
