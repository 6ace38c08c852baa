// The map images of the vehicle layers, made at run time so that no sprite sheet or glyph server
// is needed: the vehicle-type icons (the vehicles feature's SVG icons, rasterised on a canvas), a
// heading arrow, and the number shown on a cluster. Each is added once per style.
import { VEHICLE_ICONS, VEHICLE_TYPES, type VehicleIcon, type VehicleType } from '@fleetlens/contracts';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { createElement } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { VehicleTypeIcon } from '../../../kernel/VehicleTypeIcon';
import { vehicleImageName } from './geojson';

/** Drawn size of a vehicle icon in CSS pixels; images are made at twice that for sharp screens. */
export const ICON_SIZE = 32;
const ICON_COLOUR = '#1f2933';
const RATIO = 2;

/**
 * The vehicles feature's icon of a type and variant as an SVG document: rendered once into a
 * detached element (no server renderer in the bundle), its text colour made explicit because an
 * SVG drawn as an image has no surrounding text colour.
 */
export function vehicleIconSvg(type: VehicleType, variant: VehicleIcon): string {
  const host = document.createElement('div');
  const root = createRoot(host);
  flushSync(() => root.render(createElement(VehicleTypeIcon, { type, variant, size: 32 })));
  const markup = host.innerHTML;
  root.unmount();
  return markup
    .replace('<svg', '<svg xmlns="http://www.w3.org/2000/svg"')
    .replaceAll('currentColor', ICON_COLOUR);
}

function canvas(size: number): [HTMLCanvasElement, CanvasRenderingContext2D] {
  const c = document.createElement('canvas');
  c.width = size * RATIO;
  c.height = size * RATIO;
  const ctx = c.getContext('2d');
  if (!ctx) throw new Error('no 2d canvas');
  ctx.scale(RATIO, RATIO);
  return [c, ctx];
}

const imageOf = (c: HTMLCanvasElement, ctx: CanvasRenderingContext2D) =>
  ctx.getImageData(0, 0, c.width, c.height);

/** A type without an SVG gets its initials, so it still differs from its neighbours. */
function drawInitials(ctx: CanvasRenderingContext2D, type: string, size: number): void {
  const initials = type
    .split('_')
    .map((w) => w[0]?.toUpperCase() ?? '')
    .join('')
    .slice(0, 2);
  ctx.fillStyle = ICON_COLOUR;
  ctx.font = `600 ${Math.round(size * 0.42)}px system-ui, sans-serif`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(initials, size / 2, size / 2 + 1);
}

/** Draws an SVG centred in a disc of `size`, its aspect ratio kept (the icons are 3:2). */
async function rasterise(svg: string, size: number): Promise<ImageData | undefined> {
  try {
    const img = new Image();
    img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
    await img.decode();
    const [c, ctx] = canvas(size);
    const ratio = img.naturalWidth > 0 && img.naturalHeight > 0 ? img.naturalWidth / img.naturalHeight : 1;
    const width = size * 0.74;
    const height = width / ratio;
    ctx.drawImage(img, (size - width) / 2, (size - height) / 2, width, height);
    return imageOf(c, ctx);
  } catch {
    return undefined;
  }
}

/** Adds the icon of every vehicle type and variant to the map's style (once per style). */
export async function addVehicleImages(map: MapLibreMap): Promise<void> {
  const jobs: Promise<void>[] = [];
  for (const type of VEHICLE_TYPES) {
    for (const variant of VEHICLE_ICONS) {
      const name = vehicleImageName(type, variant);
      if (map.hasImage(name)) continue;
      let svg: string | undefined;
      try {
        svg = vehicleIconSvg(type, variant);
      } catch {
        svg = undefined;
      }
      jobs.push(
        (svg ? rasterise(svg, ICON_SIZE) : Promise.resolve(undefined)).then((drawn) => {
          if (map.hasImage(name)) return;
          if (drawn) {
            map.addImage(name, drawn, { pixelRatio: RATIO });
            return;
          }
          const [c, ctx] = canvas(ICON_SIZE);
          drawInitials(ctx, type, ICON_SIZE);
          map.addImage(name, imageOf(c, ctx), { pixelRatio: RATIO });
        }),
      );
    }
  }
  await Promise.all(jobs);
  if (!map.hasImage('heading')) {
    // A small arrow just outside the vehicle's disc, rotated to its direction of travel.
    const size = ICON_SIZE + 16;
    const [c, ctx] = canvas(size);
    ctx.fillStyle = '#1f2933';
    ctx.beginPath();
    ctx.moveTo(size / 2, 1);
    ctx.lineTo(size / 2 + 5, 8);
    ctx.lineTo(size / 2 - 5, 8);
    ctx.closePath();
    ctx.fill();
    map.addImage('heading', imageOf(c, ctx), { pixelRatio: RATIO });
  }
}

/** Makes the cluster-count images on demand (`count-12`), since the offline style has no glyphs. */
export function addCountImage(map: MapLibreMap, id: string): boolean {
  const match = /^count-(.+)$/.exec(id);
  if (!match || map.hasImage(id)) return false;
  const text = match[1] ?? '';
  const size = 40;
  const [c, ctx] = canvas(size);
  ctx.fillStyle = '#ffffff';
  ctx.font = `600 ${text.length > 3 ? 11 : 13}px system-ui, sans-serif`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(text, size / 2, size / 2 + 1);
  map.addImage(id, imageOf(c, ctx), { pixelRatio: RATIO });
  return true;
}
