/** A wire amount (major units, at most 2 decimals) in minor units; exact for every such amount. */
export const toMinor = (major: number): number => Math.round(major * 100);

/** Minor units back to a wire amount for display or a request. */
export const fromMinor = (minor: number): number => minor / 100;

/** `a − b` of two wire amounts, computed in minor units. */
export const subtractMajor = (a: number, b: number): number => fromMinor(toMinor(a) - toMinor(b));
