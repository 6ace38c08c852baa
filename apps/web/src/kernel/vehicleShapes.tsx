// The vehicle-type silhouettes (spec §3), drawn by hand on one 48×32 grid: side views facing
// left, ground at y = 31, wheels of radius 3.5 to 5, the working tool (forks, blade, bucket,
// boom) on the left. Plain shapes only, so each reads at 16 px and takes the text colour. The
// drawings are data (vehicleDrawings.json: each type's rectangles, circles and paths in order);
// this file turns them into SVG.
import type { VehicleType } from '@fleetlens/contracts';
import type { ReactNode } from 'react';
import drawings from './vehicleDrawings.json';

/** One shape: a rectangle (x, y, width, height, corner radius), a circle (cx, cy, r) or a path. */
type Part =
  | ['rect', number, number, number, number, number?]
  | ['circle', number, number, number]
  | ['path', string, ('evenodd' | 'nonzero')?];

function draw(part: Part): ReactNode {
  const key = part.join(' ');
  switch (part[0]) {
    case 'rect': {
      const [, x, y, width, height, rx] = part;
      return <rect key={key} x={x} y={y} width={width} height={height} rx={rx} />;
    }
    case 'circle': {
      const [, cx, cy, r] = part;
      return <circle key={key} cx={cx} cy={cy} r={r} />;
    }
    case 'path': {
      const [, d, fillRule] = part;
      return <path key={key} fillRule={fillRule} d={d} />;
    }
  }
}

export const VEHICLE_SHAPES = Object.fromEntries(
  Object.entries(drawings as Record<VehicleType, Part[]>).map(([type, parts]): [string, ReactNode] => [
    type,
    parts.map(draw),
  ]),
) as Record<VehicleType, ReactNode>;
