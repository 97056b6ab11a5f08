/**
 * What the table games' PixiJS stages share: the easing curves their tweens run on, the drawing
 * resolution (sharp on a phone's dense screen, never more than twice the logical size), whether
 * the player asked for reduced motion, and `TableStage`, the Pixi application each table draws on.
 */
import 'pixi.js/unsafe-eval';
import { Application, UPDATE_PRIORITY } from 'pixi.js';

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

/** A tween of a stage: `step` gets the progress 0…1 from `start` over `duration` ms. */
export interface Tween {
  start: number;
  duration: number;
  step: (progress: number) => void;
  done?: () => void;
}

/** Steps the tweens due at `now`, drops the finished ones; answers whether any is left. */
export function stepTweens(tweens: Tween[], now: number): boolean {
  for (const tween of [...tweens]) {
    if (now < tween.start) continue;
    const p = Math.min(1, (now - tween.start) / tween.duration);
    tween.step(p);
    if (p >= 1) {
      tweens.splice(tweens.indexOf(tween), 1);
      tween.done?.();
    }
  }
  return tweens.length > 0;
}

export interface StageOptions {
  width: number;
  height: number;
  /** Multisampling of the live layer; stages whose art is drawn into antialiased textures do without. */
  antialias: boolean;
  /** An opaque background colour; without one the stage is transparent. */
  background?: number;
  reducedMotion: boolean;
  /** One frame of the stage's animations at `now`; answers whether anything is still moving. */
  frame: (now: number) => boolean;
}

/**
 * One table's Pixi application, which draws only while something moves: once a frame finds nothing
 * moving, the ticker stops (a table at rest costs a phone nothing), and `wake` starts it again for
 * the next animation or change of the scene; a resize of the canvas or of the screen's density draws
 * a frame too. The canvas says which: `data-stage` is `running` or `idle`, and `data-frames` counts
 * the frames drawn.
 */
export class TableStage {
  readonly app = new Application();
  private moving = false;
  /** A wake during a frame: the frame's "nothing moves" is stale. */
  private woken = false;
  private frames = 0;
  private readonly unwatch: (() => void)[] = [];

  private constructor(
    readonly canvas: HTMLCanvasElement,
    private readonly options: StageOptions,
  ) {}

  static async start(canvas: HTMLCanvasElement, options: StageOptions): Promise<TableStage> {
    const stage = new TableStage(canvas, options);
    await stage.init();
    return stage;
  }

  private async init(): Promise<void> {
    const { width, height, antialias, background, reducedMotion } = this.options;
    await this.app.init({
      canvas: this.canvas,
      width,
      height,
      resolution: stageResolution(),
      autoDensity: false,
      antialias,
      ...(background === undefined ? { backgroundAlpha: 0 } : { background }),
      preference: 'webgl',
      autoStart: false,
    });
    this.canvas.dataset.renderer = this.app.renderer.name;
    this.canvas.dataset.motion = reducedMotion ? 'reduced' : 'full';
    this.canvas.dataset.stage = 'idle';
    // Before Pixi's render (LOW): the scene moves, then it is drawn, then (UTILITY) the stage sleeps if it may.
    this.app.ticker.add(
      () => {
        this.woken = false;
        this.moving = this.options.frame(performance.now());
      },
      undefined,
      UPDATE_PRIORITY.NORMAL,
    );
    this.app.ticker.add(
      () => {
        this.frames++;
        this.canvas.dataset.frames = String(this.frames);
        if (!this.moving && !this.woken) this.sleep();
      },
      undefined,
      UPDATE_PRIORITY.UTILITY,
    );

    const resized = () => {
      const resolution = stageResolution();
      if (resolution !== this.app.renderer.resolution) this.app.renderer.resize(width, height, resolution);
      this.wake();
    };
    if (typeof ResizeObserver === 'function') {
      const observer = new ResizeObserver(() => this.wake());
      observer.observe(this.canvas);
      this.unwatch.push(() => observer.disconnect());
    }
    window.addEventListener('resize', resized);
    this.unwatch.push(() => window.removeEventListener('resize', resized));
  }

  /** Draws from the next frame on, until a frame finds nothing moving. */
  wake(): void {
    this.woken = true;
    if (this.app.ticker.started) return;
    this.canvas.dataset.stage = 'running';
    this.app.ticker.start();
  }

  private sleep(): void {
    this.app.ticker.stop();
    this.canvas.dataset.stage = 'idle';
  }

  destroy(): void {
    this.unwatch.splice(0).forEach((stop) => stop());
    this.app.destroy({ removeView: false }, { children: true });
  }
}
