/**
 * The Mines grid on PixiJS, drawn under the grid's buttons (which stay the keyboard's and screen
 * readers' way in): raised tiles that flip over to an emerald or a mine; the mine that was hit
 * bursts and shakes the board, and the other mines turn over one after another when a round is
 * lost. Everything moves on the stage's ticker, which stops while the grid rests; with reduced motion
 * tiles change face at once.
 */
import { Container, FillGradient, Graphics } from 'pixi.js';
import { eased, stepTweens, TableStage, type Tween } from './stage';

export type TileState = 'hidden' | 'safe' | 'mine' | 'hit';

/** The DOM grid's measures (64 px tiles, 8 px apart): the canvas is drawn to match them. */
export const TILE = 64;
export const GAP = 8;
const SIDE = 5;
const SIZE = SIDE * TILE + (SIDE - 1) * GAP;
const FLIP_MS = 280;

interface Tile {
  view: Container;
  back: Graphics;
  gem: Container;
  mine: Container;
  state: TileState;
  hover: number;
}

function drawBack(): Graphics {
  const face = new FillGradient({
    type: 'linear',
    start: { x: 0, y: 0 },
    end: { x: 0, y: 1 },
    colorStops: [
      { offset: 0, color: 0x2f7d63 },
      { offset: 1, color: 0x17503d },
    ],
    textureSpace: 'local',
  });
  const g = new Graphics();
  g.roundRect(-TILE / 2, -TILE / 2 + 4, TILE, TILE, 11).fill(0x0a2a1f);
  g.roundRect(-TILE / 2, -TILE / 2, TILE, TILE - 2, 11)
    .fill(face)
    .stroke({ width: 2, color: 0x3fa27f });
  g.roundRect(-TILE / 2 + 6, -TILE / 2 + 5, TILE - 12, 8, 4).fill({ color: 0xffffff, alpha: 0.14 });
  g.circle(0, 2, 6).fill({ color: 0x0a2a1f, alpha: 0.35 });
  return g;
}

function drawGem(): Container {
  const box = new Container();
  const plate = new Graphics()
    .roundRect(-TILE / 2, -TILE / 2, TILE, TILE, 11)
    .fill(0x0b2e24)
    .stroke({ width: 2, color: 0x1f6b50 });
  const g = new Graphics();
  // a cut emerald: crown, girdle and pavilion
  const w = 17;
  g.poly([-w, -4, -w / 2, -15, w / 2, -15, w, -4, 0, 18]).fill(0x10b981);
  g.poly([-w, -4, -w / 2, -15, -4, -4]).fill(0x6ee7b7);
  g.poly([-4, -4, -w / 2, -15, w / 2, -15, 4, -4]).fill(0x34d399);
  g.poly([4, -4, w / 2, -15, w, -4]).fill(0x059669);
  g.poly([-w, -4, -4, -4, 0, 18]).fill(0x34d399);
  g.poly([4, -4, w, -4, 0, 18]).fill(0x047857);
  g.poly([-w, -4, -w / 2, -15, w / 2, -15, w, -4, 0, 18]).stroke({ width: 1.5, color: 0xd1fae5, alpha: 0.8 });
  g.circle(-6, -9, 2).fill({ color: 0xffffff, alpha: 0.9 });
  const glow = new Graphics().circle(0, 0, 24).fill({ color: 0x34d399, alpha: 0.16 });
  box.addChild(plate, glow, g);
  return box;
}

function drawMine(hit: boolean): Container {
  const box = new Container();
  const plate = new Graphics()
    .roundRect(-TILE / 2, -TILE / 2, TILE, TILE, 11)
    .fill(hit ? 0xb91c1c : 0x3b0d12)
    .stroke({ width: 2, color: hit ? 0xfca5a5 : 0x7f1d1d });
  const g = new Graphics();
  for (let i = 0; i < 8; i++) {
    const a = (i / 8) * Math.PI * 2;
    g.moveTo(Math.cos(a) * 8, Math.sin(a) * 8)
      .lineTo(Math.cos(a) * 18, Math.sin(a) * 18)
      .stroke({ width: 3.5, color: 0x1f2937, cap: 'round' });
  }
  g.circle(0, 0, 13).fill(0x111827).stroke({ width: 1.5, color: 0x4b5563 });
  g.circle(-4, -4, 3.5).fill({ color: 0xffffff, alpha: 0.55 });
  g.circle(0, 0, 4).fill(hit ? 0xfde047 : 0xef4444);
  box.addChild(plate, g);
  box.alpha = hit ? 1 : 0.85;
  return box;
}

export class MinesBoard {
  private stage!: TableStage;
  private board = new Container();
  private effects = new Container();
  private tiles: Tile[] = [];
  private tweens: Tween[] = [];
  private shakeUntil = 0;

  private constructor(
    private readonly canvas: HTMLCanvasElement,
    private readonly reducedMotion: boolean,
  ) {}

  static async create(canvas: HTMLCanvasElement, reducedMotion: boolean): Promise<MinesBoard> {
    const board = new MinesBoard(canvas, reducedMotion);
    await board.init();
    return board;
  }

  private async init(): Promise<void> {
    this.stage = await TableStage.start(this.canvas, {
      width: SIZE,
      height: SIZE + 4,
      antialias: true,
      reducedMotion: this.reducedMotion,
      frame: (now) => this.frame(now),
    });
    this.stage.app.stage.addChild(this.board, this.effects);
    for (let cell = 0; cell < SIDE * SIDE; cell++) {
      const view = new Container();
      const back = drawBack();
      const gem = drawGem();
      const mine = new Container();
      gem.visible = false;
      view.addChild(back, gem, mine);
      view.position.set((cell % SIDE) * (TILE + GAP) + TILE / 2, Math.floor(cell / SIDE) * (TILE + GAP) + TILE / 2);
      this.board.addChild(view);
      this.tiles.push({ view, back, gem, mine, state: 'hidden', hover: 0 });
    }
    this.stage.wake();
  }

  private animate(duration: number, step: (p: number) => void, delay = 0): Promise<void> {
    this.stage.wake();
    return new Promise((resolve) => this.tweens.push({ start: performance.now() + delay, duration, step, done: resolve }));
  }

  private face(tile: Tile, state: TileState): void {
    this.stage.wake();
    tile.back.visible = state === 'hidden';
    tile.gem.visible = state === 'safe';
    tile.mine.removeChildren().forEach((child) => child.destroy({ children: true }));
    if (state === 'mine' || state === 'hit') tile.mine.addChild(drawMine(state === 'hit'));
    tile.state = state;
  }

  /** Turns a tile over to `state`: it narrows to its edge, lifts a little and opens on its new face. */
  private flip(tile: Tile, state: TileState, delay: number): Promise<void> {
    if (this.reducedMotion) {
      this.face(tile, state);
      return Promise.resolve();
    }
    let turned = false;
    return this.animate(
      FLIP_MS,
      (p) => {
        if (p < 0.5) {
          tile.view.scale.set(1 - eased.quadOut(p * 2), 1 + 0.08 * p * 2);
        } else {
          if (!turned) {
            turned = true;
            this.face(tile, state);
          }
          tile.view.scale.set(eased.backOut((p - 0.5) * 2), 1 + 0.08 * (1 - (p - 0.5) * 2));
        }
      },
      delay,
    );
  }

  private sparkle(tile: Tile, colour: number, count: number, reach: number): void {
    if (this.reducedMotion) return;
    for (let i = 0; i < count; i++) {
      const spark = new Graphics().circle(0, 0, 2.5 + (i % 3)).fill(colour);
      const a = (i / count) * Math.PI * 2 + i;
      spark.position.copyFrom(tile.view.position);
      this.effects.addChild(spark);
      const from = { x: tile.view.x, y: tile.view.y };
      void this.animate(520, (p) => {
        const e = eased.cubicOut(p);
        spark.position.set(from.x + Math.cos(a) * reach * e, from.y + Math.sin(a) * reach * e);
        spark.alpha = 1 - p;
      }).then(() => spark.destroy());
    }
  }

  /** A tile under the pointer or the keyboard's focus lifts a little. */
  hover(cell: number | null): void {
    this.tiles.forEach((tile, index) => (tile.hover = index === cell && tile.state === 'hidden' ? 1 : 0));
    this.stage.wake();
  }

  /** Brings the grid to `states`; resolves when the tiles have turned. */
  async show(states: TileState[]): Promise<void> {
    const flips: Promise<void>[] = [];
    let late = 0;
    states.forEach((state, cell) => {
      const tile = this.tiles[cell];
      if (!tile || tile.state === state) return;
      if (state === 'safe') {
        flips.push(this.flip(tile, state, 0).then(() => this.sparkle(tile, 0x6ee7b7, 10, 34)));
      } else if (state === 'hit') {
        flips.push(
          this.flip(tile, state, 0).then(() => {
            this.sparkle(tile, 0xfbbf24, 16, 60);
            this.shakeUntil = performance.now() + 380;
            this.stage.wake();
          }),
        );
      } else if (state === 'mine') {
        // the other mines turn over after the one hit, one after another
        late += 60;
        flips.push(this.flip(tile, state, FLIP_MS + late));
      } else {
        flips.push(this.flip(tile, state, 0));
      }
    });
    await Promise.all(flips);
  }

  /** One frame; answers whether anything on the grid still moves. */
  private frame(now: number): boolean {
    let moving = stepTweens(this.tweens, now);
    this.tiles.forEach((tile, index) => {
      const lift = tile.hover ? -2 : 0;
      const y = Math.floor(index / SIDE) * (TILE + GAP) + TILE / 2 + lift;
      // eases towards its place; within a hundredth of a pixel it is there
      const gap = y - tile.view.y;
      tile.view.y = Math.abs(gap) < 0.01 ? y : tile.view.y + gap * 0.3;
      if (tile.view.y !== y) moving = true;
      tile.back.tint = tile.hover ? 0xd9fff0 : 0xffffff;
    });
    if (now < this.shakeUntil && !this.reducedMotion) {
      const k = (this.shakeUntil - now) / 380;
      this.board.position.set(Math.sin(now / 18) * 5 * k, Math.cos(now / 23) * 3 * k);
      moving = true;
    } else {
      this.board.position.set(0, 0);
    }
    return moving;
  }
}
