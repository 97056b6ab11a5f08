/**
 * What the table games' PixiJS stages share: the easing curves their tweens run on, the drawing
 * resolution (sharp on a phone's dense screen, never more than twice the logical size) and whether
 * the player asked for reduced motion.
 */

export const eased = {
  quadOut: (x: number): number => 1 - (1 - x) * (1 - x),
  cubicOut: (x: number): number => 1 - (1 - x) ** 3,
  cubicInOut: (x: number): number => (x < 0.5 ? 4 * x ** 3 : 1 - (-2 * x + 2) ** 3 / 2),
  backOut: (x: number): number => 1 + 2.70158 * (x - 1) ** 3 + 1.70158 * (x - 1) ** 2,
  bounceOut: (x: number): number => {
    const n = 7.5625;
    const d = 2.75;
    if (x < 1 / d) return n * x * x;
    if (x < 2 / d) return n * (x - 1.5 / d) ** 2 + 0.75;
    if (x < 2.5 / d) return n * (x - 2.25 / d) ** 2 + 0.9375;
    return n * (x - 2.625 / d) ** 2 + 0.984375;
  },
};

/** Texts are drawn at twice their size so they stay sharp when the canvas is scaled. */
export const TEXT_RESOLUTION = 2;

export const stageResolution = (): number => Math.min(2, Math.max(1, window.devicePixelRatio || 1));

export const prefersReducedMotion = (): boolean => window.matchMedia('(prefers-reduced-motion: reduce)').matches;
