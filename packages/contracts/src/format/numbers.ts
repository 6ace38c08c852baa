// Number formatting of spec §9: abbreviations (k, M, G, T, P, E), thousands separators, byte sizes.

const ABBREVIATIONS = [
  { value: 1e18, symbol: 'E' },
  { value: 1e15, symbol: 'P' },
  { value: 1e12, symbol: 'T' },
  { value: 1e9, symbol: 'G' },
  { value: 1e6, symbol: 'M' },
  { value: 1e3, symbol: 'k' },
] as const;

/** 1234 → '1.2k' (digits after the point, trailing zeros dropped); under 1000 unchanged. */
export function numberAbbreviation(value: number, digits = 1): string {
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  for (const { value: unit, symbol } of ABBREVIATIONS) {
    if (abs >= unit) {
      const text = (abs / unit).toFixed(digits).replace(/\.0+$|(\.\d*[1-9])0+$/, '$1');
      return `${sign}${text}${symbol}`;
    }
  }
  return String(value);
}

/** 1234567.5 → '1,234,567.5': commas in the integer part only. */
export function thousands(value: number | string): string {
  const [integer = '', fraction] = String(value).split('.');
  const grouped = integer.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

const BYTE_UNITS = ['Bytes', 'KB', 'MB', 'GB'] as const;

/** 1536 → '1.50 KB'; Bytes, KB, MB or GB with 2 decimals (1024 steps). */
export function byteSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  const exponent = Math.min(BYTE_UNITS.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)));
  return `${(bytes / 1024 ** exponent).toFixed(2)} ${BYTE_UNITS[exponent]}`;
}
