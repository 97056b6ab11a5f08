/**
 * The slot cabinet's measures, in the stage's own pixels: shared by the reel stage, which draws in
 * them, and the slot's panel, which sizes the canvas before PixiJS has loaded so that the reels
 * appearing move nothing on the page.
 */

/** A symbol's cell. */
export const CELL = 120;
export const PAD_X = 22;
export const PAD_Y = 22;
/** The cabinet's top strip: the free-spin counter and, over the canvas, the sound button. */
export const PAD_TOP = 42;

export const cabinetSize = (reels: number, rows: number): { width: number; height: number } => ({
  width: reels * CELL + PAD_X * 2,
  height: rows * CELL + PAD_TOP + PAD_Y,
});
