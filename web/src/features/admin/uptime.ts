export type UptimeUnit = 'days' | 'hours' | 'minutes' | 'seconds';

export interface UptimePart {
  value: number;
  unit: UptimeUnit;
}

const unitSeconds: [UptimeUnit, number][] = [
  ['days', 86_400],
  ['hours', 3_600],
  ['minutes', 60],
  ['seconds', 1],
];

/**
 * An uptime as its two largest whole units, the smaller left out when it is zero: 7 500 s is
 * 2 h 5 min, 90 000 s is 1 d 1 h, 3 600 s is 1 h, 42 s is 42 s.
 */
export function uptimeParts(totalSeconds: number): UptimePart[] {
  let rest = Math.max(0, Math.floor(totalSeconds));
  const parts: UptimePart[] = [];
  for (const [unit, size] of unitSeconds) {
    const value = Math.floor(rest / size);
    rest -= value * size;
    if (parts.length === 0 && value === 0 && unit !== 'seconds') continue;
    parts.push({ value, unit });
    if (parts.length === 2) break;
  }
  return parts.length === 2 && parts[1]?.value === 0 ? parts.slice(0, 1) : parts;
}
