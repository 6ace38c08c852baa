// The vehicle-type silhouettes (spec §3), drawn by hand on one 48×32 grid: side views facing
// left, ground at y = 31, wheels of radius 3.5 to 5, the working tool (forks, blade, bucket,
// boom) on the left. Plain shapes only, so each reads at 16 px and takes the text colour.
import type { VehicleType } from '@fleetlens/contracts';
import type { ReactNode } from 'react';

export const VEHICLE_SHAPES: Record<VehicleType, ReactNode> = {
  counter: (
    <>
      <rect x="7" y="3" width="3" height="24" />
      <rect x="1" y="26" width="10" height="2" />
      <path d="M12 15h18l4 3v8H12z" />
      <path d="M30 13h6a3 3 0 0 1 3 3v10h-9z" />
      <rect x="13" y="5" width="14" height="2" />
      <rect x="13" y="5" width="1.6" height="10" />
      <rect x="25.4" y="5" width="1.6" height="10" />
      <rect x="20" y="11" width="5" height="4" />
      <circle cx="16" cy="27" r="4" />
      <circle cx="33" cy="27.5" r="3.5" />
    </>
  ),
  reach: (
    <>
      <rect x="12" y="2" width="3" height="25" />
      <rect x="3" y="21" width="11" height="2" />
      <rect x="2" y="27" width="16" height="2" />
      <circle cx="4.5" cy="29" r="2" />
      <path d="M16 12h14a4 4 0 0 1 4 4v11H16z" />
      <rect x="16" y="4" width="12" height="2" />
      <rect x="26.5" y="4" width="1.5" height="9" />
      <circle cx="30" cy="28" r="3" />
    </>
  ),
  reach_stacker: (
    <>
      <rect x="5" y="20" width="40" height="5" />
      <rect x="20" y="12" width="8" height="8" />
      <rect x="34" y="14" width="11" height="6" />
      <path d="M38 15 9 3l-1.5 3.5L36 19z" />
      <rect x="0" y="1" width="15" height="3" />
      <rect x="6.5" y="3" width="2" height="3" />
      <circle cx="12" cy="27" r="4" />
      <circle cx="38" cy="27" r="4" />
    </>
  ),
  straddle_carrier: (
    <>
      <rect x="6" y="5" width="36" height="3" />
      <rect x="33" y="0.5" width="9" height="5" />
      <rect x="8" y="7" width="3" height="18" />
      <rect x="37" y="7" width="3" height="18" />
      <rect x="11" y="14" width="26" height="2" />
      <rect x="14" y="16" width="20" height="7" />
      <rect x="4" y="24" width="11" height="2" />
      <rect x="33" y="24" width="11" height="2" />
      <circle cx="7" cy="28.5" r="2.5" />
      <circle cx="12" cy="28.5" r="2.5" />
      <circle cx="36" cy="28.5" r="2.5" />
      <circle cx="41" cy="28.5" r="2.5" />
    </>
  ),
  towing_tractor: (
    <>
      <path d="M6 18h26l6 4v5H6z" />
      <rect x="22" y="9" width="3" height="9" />
      <path d="M12 18h2l4-8h-2z" />
      <rect x="14" y="8.5" width="5" height="2" />
      <rect x="37" y="23" width="7" height="2" />
      <circle cx="44" cy="24" r="1.8" />
      <circle cx="12" cy="27" r="4" />
      <circle cx="31" cy="27" r="4" />
    </>
  ),
  truck: (
    <>
      <path d="M2 18 6 10h9v16H2z" />
      <rect x="16" y="5" width="30" height="18" />
      <rect x="2" y="23" width="44" height="3" />
      <circle cx="9" cy="27" r="3.5" />
      <circle cx="33" cy="27" r="3.5" />
      <circle cx="41" cy="27" r="3.5" />
    </>
  ),
  bus: (
    <>
      <path
        fillRule="evenodd"
        d="M4 6h40a2 2 0 0 1 2 2v17H2V8a2 2 0 0 1 2-2zM5 9v6h6V9zm8 0v6h6V9zm8 0v6h6V9zm8 0v6h6V9zm8 0v6h6V9z"
      />
      <circle cx="11" cy="26.5" r="3.5" />
      <circle cx="37" cy="26.5" r="3.5" />
    </>
  ),
  crane: (
    <>
      <rect x="3" y="20" width="42" height="5" />
      <rect x="3" y="13" width="7" height="7" />
      <rect x="22" y="14" width="12" height="6" />
      <path d="M33 15 9.5 2 8 4.5 31 18.5z" />
      <rect x="8.3" y="4" width="1" height="9" />
      <path d="M7 13h3.5v2a1.75 1.75 0 0 1-3.5 0z" />
      <circle cx="9" cy="27" r="3.5" />
      <circle cx="30" cy="27" r="3.5" />
      <circle cx="38" cy="27" r="3.5" />
    </>
  ),
  excavator_car: (
    <>
      <rect x="14" y="23" width="31" height="7" rx="3.5" />
      <rect x="18" y="15" width="26" height="7" />
      <rect x="18" y="7" width="9" height="9" />
      <path d="M22 16 12 4l3-1.5 11 11.5z" />
      <path d="M12 3h3L9 20l-3-1z" />
      <path d="M3 18h7l-2 6H4z" />
    </>
  ),
  bulldozer: (
    <>
      <rect x="8" y="22" width="31" height="8" rx="4" />
      <rect x="12" y="13" width="24" height="9" />
      <rect x="24" y="4" width="10" height="10" />
      <rect x="16" y="7" width="2" height="6" />
      <path d="M1 11h4v19H1z" />
      <path d="M5 19l8-2v3l-8 3z" />
      <path d="M38 19h6v8h-2v-6h-4z" />
    </>
  ),
  wheel_loader: (
    <>
      <rect x="24" y="12" width="21" height="11" rx="2" />
      <rect x="25" y="3" width="10" height="10" />
      <rect x="14" y="16" width="12" height="6" />
      <path d="M25 13 12 18v3l13-4z" />
      <path d="M3 14h9v12H1l2-5z" />
      <circle cx="16" cy="26" r="5" />
      <circle cx="37" cy="26" r="5" />
    </>
  ),
};
