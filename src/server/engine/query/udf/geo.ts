// Library UDF for geography: tg_GetDistance (A* search's heuristic), the great-circle
// (haversine) distance between two latitude/longitude points on a sphere of radius 6378.137,
// divided by 1000 as the C++ does, in single precision.
import type { Builtin } from '../functions.js';
import { num } from '../runtime-values.js';
import { FLOAT } from '../types.js';

const f32 = Math.fround;
const rad = (d: number): number => f32((d * Math.PI) / 180);

/** As the C++ evaluates it: float arguments and float sin/cos, squares and asin in double. */
export function getDistance(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const r1 = rad(f32(lat1));
  const r2 = rad(f32(lat2));
  const a = f32(r1 - r2);
  const b = f32(rad(f32(lng1)) - rad(f32(lng2)));
  const sa = f32(Math.sin(f32(a / 2)));
  const sb = f32(Math.sin(f32(b / 2)));
  const cc = f32(f32(Math.cos(r1)) * f32(Math.cos(r2)));
  const h = sa * sa + cc * (sb * sb);
  const s = f32(2 * Math.asin(Math.sqrt(h)));
  return f32(f32(s * 6378.137) / 1000);
}

const distance: Builtin = {
  min: 4,
  max: 4,
  type: () => FLOAT,
  fn: (a) => getDistance(num(a[0]), num(a[1]), num(a[2]), num(a[3])),
};

export const GEO_UDFS: ReadonlyMap<string, Builtin> = new Map<string, Builtin>([
  ['tg_GetDistance', distance],
  ['GetDistance', distance],
]);
