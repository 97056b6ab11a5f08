/**
 * The Plinko board on PixiJS: a triangle of pegs over a row of slots, each carrying its multiplier
 * for the risk chosen (the server's paytable), hotter towards the edges. A drop follows the round's
 * recorded path: the ball falls to the first peg and hops left or right off each peg in turn (the
 * peg flashes), leaves a short trail and lands in its slot, which stays lit until the next drop.
 * Everything moves on the stage's ticker, which stops while the board rests; with reduced motion the
 * ball is shown in its slot at once.
 */
import { Container, FillGradient, Graphics, Text } from 'pixi.js';
import { eased, stageResolution, TableStage, TEXT_RESOLUTION } from './stage';

const WIDTH = 520;
const HEIGHT = 480;
const TOP = 44;
const PEG_R = 4;
/** One bounce, ms. */
const HOP_MS = 150;
const TRAIL = 6;
/** A slot's height, room for its multiplier. */
const SLOT_H = 34;

/** The slot's colour: cool in the middle, hot at the edges (the higher multipliers). */
function slotColour(slot: number, slots: number): number {
  const edge = Math.abs(slot - (slots - 1) / 2) / ((slots - 1) / 2);
  const stops = [
    [0xf5, 0xc5, 0x42],
    [0xf0, 0x7a, 0x2c],
    [0xe0, 0x2f, 0x4f],
  ];
  const at = edge * (stops.length - 1);
  const i = Math.min(stops.length - 2, Math.floor(at));
  const f = at - i;
  const [a, b] = [stops[i]!, stops[i + 1]!];
  const mix = (k: number) => Math.round(a[k]! + (b[k]! - a[k]!) * f);
  return (mix(0) << 16) | (mix(1) << 8) | mix(2);
}

export class PlinkoBoard {
  private stage!: TableStage;
  private pegs: Graphics[][] = [];
  private slots: Container[] = [];
  private slotLabels: Text[] = [];
  /** The ring round the slot the last ball landed in. */
  private landed = new Graphics();
  private ball = new Graphics();
  private trail: Graphics[] = [];
  private label = new Container();
  private drop: { start: number; points: { x: number; y: number }[]; hits: (Graphics | null)[]; slot: number; resolve: () => void; lastHop: number } | null =
    null;
  private flashes: { glow: Graphics; start: number }[] = [];
  private glows = new Container();
  private pulse: { slot: Container; start: number } | null = null;
  private readonly gap: number;
  private readonly gapY: number;

  private constructor(
    private readonly canvas: HTMLCanvasElement,
    private readonly rows: number,
    private readonly reducedMotion: boolean,
  ) {
    this.gap = Math.min(WIDTH / (rows + 3), 40);
    this.gapY = Math.min(this.gap * 0.92, (HEIGHT - TOP - 86) / rows);
  }

  static async create(canvas: HTMLCanvasElement, rows: number, reducedMotion: boolean): Promise<PlinkoBoard> {
    const board = new PlinkoBoard(canvas, rows, reducedMotion);
    await board.init();
    return board;
  }

  private pegAt(level: number, index: number): { x: number; y: number } {
    return { x: WIDTH / 2 + (index - level / 2) * this.gap, y: TOP + level * this.gapY + 20 };
  }

  private slotAt(slot: number): { x: number; y: number } {
    return { x: WIDTH / 2 + (slot - this.rows / 2) * this.gap, y: TOP + this.rows * this.gapY + 34 };
  }

  private async init(): Promise<void> {
    this.stage = await TableStage.start(this.canvas, {
      width: WIDTH,
      height: HEIGHT,
      antialias: false,
      background: 0x071a24,
      reducedMotion: this.reducedMotion,
      frame: (now) => this.frame(now),
    });
    const app = this.stage.app;
    const sky = new FillGradient({
      type: 'linear',
      start: { x: 0, y: 0 },
      end: { x: 0, y: 1 },
      colorStops: [
        { offset: 0, color: 0x1b1140 },
        { offset: 0.55, color: 0x0b2440 },
        { offset: 1, color: 0x061620 },
      ],
      textureSpace: 'local',
    });
    const back = new Graphics().rect(0, 0, WIDTH, HEIGHT).fill(sky);
    for (let i = 0; i < 40; i++) back.circle((i * 131) % WIDTH, (i * 71) % HEIGHT, 0.8 + (i % 3) * 0.5).fill({ color: 0xffffff, alpha: 0.08 + (i % 5) * 0.03 });
    // the drop chute
    back
      .roundRect(WIDTH / 2 - 16, 4, 32, 22, 6)
      .fill(0x2a1d5c)
      .stroke({ width: 2, color: 0x9b87f5 });
    app.stage.addChild(back);
    const pegLayer = new Container();
    for (let level = 0; level < this.rows; level++) {
      const row: Graphics[] = [];
      for (let index = -1; index <= level + 1; index++) {
        const { x, y } = this.pegAt(level, index);
        const peg = new Graphics();
        peg.circle(0, 0, PEG_R + 4).fill({ color: 0x9be7ff, alpha: 0.12 });
        peg.circle(0, 0, PEG_R).fill(0xe8f6ff);
        peg.circle(-1.2, -1.2, 1.4).fill(0xffffff);
        peg.position.set(x, y);
        pegLayer.addChild(peg);
        row.push(peg);
      }
      this.pegs.push(row);
    }
    app.stage.addChild(pegLayer, this.glows);
    // The sky and the pegs do not change (a hit peg glows on a layer of its own): drawn once into textures.
    back.cacheAsTexture({ resolution: stageResolution(), antialias: true });
    pegLayer.cacheAsTexture({ resolution: stageResolution(), antialias: true });
    for (let slot = 0; slot <= this.rows; slot++) {
      const { x, y } = this.slotAt(slot);
      const box = new Container();
      const w = this.gap - 4;
      const colour = slotColour(slot, this.rows + 1);
      box.addChild(
        new Graphics()
          .roundRect(-w / 2, -12, w, SLOT_H, 6)
          .fill(colour)
          .stroke({ width: 1.5, color: 0x000000, alpha: 0.35 }),
      );
      box.addChild(new Graphics().roundRect(-w / 2 + 3, -10, w - 6, 8, 4).fill({ color: 0xffffff, alpha: 0.3 }));
      // dark ink reads on every slot colour, from yellow to red; below the spot where the ball rests
      const label = new Text({
        text: '',
        style: { fontFamily: 'system-ui, sans-serif', fontWeight: '800', fontSize: 14, fill: 0x2a0710 },
        resolution: TEXT_RESOLUTION,
      });
      label.anchor.set(0.5);
      label.position.set(0, -12 + SLOT_H * 0.66);
      box.addChild(label);
      this.slotLabels.push(label);
      box.position.set(x, y);
      this.slots.push(box);
      app.stage.addChild(box);
    }
    this.landed.visible = false;
    app.stage.addChild(this.landed);
    for (let i = 0; i < TRAIL; i++) {
      const ghost = new Graphics().circle(0, 0, this.ballRadius()).fill({ color: 0xff6fb5, alpha: 0.5 * (1 - i / TRAIL) });
      ghost.visible = false;
      this.trail.push(ghost);
      app.stage.addChild(ghost);
    }
    this.ball.circle(0, 0, this.ballRadius()).fill(0xff4fa3).stroke({ width: 1.5, color: 0xffd1e8 });
    this.ball.circle(-2.5, -2.5, this.ballRadius() * 0.35).fill({ color: 0xffffff, alpha: 0.85 });
    this.ball.visible = false;
    app.stage.addChild(this.ball, this.label);
    this.stage.wake();
  }

  /**
   * Writes each slot's multiplier (left to right, as the paytable of the risk chosen gives them); a
   * label wider than its slot is set smaller to fit. The canvas names them in `data-multipliers`.
   */
  showMultipliers(labels: readonly string[]): void {
    const room = this.gap - 6;
    this.slotLabels.forEach((text, slot) => {
      text.text = labels[slot] ?? '';
      text.scale.set(1);
      if (text.width > room) text.scale.set(room / text.width);
    });
    this.canvas.dataset.multipliers = labels.join(' ');
    this.stage.wake();
  }

  private ballRadius(): number {
    return this.gap * 0.24;
  }

  /** Drops the ball along `path` (0 left, 1 right) into `slot`; resolves once it has landed. */
  play(path: number[], slot: number, multiplier: string): Promise<void> {
    this.label.removeChildren().forEach((child) => child.destroy({ children: true }));
    this.slots.forEach((box) => box.scale.set(1));
    this.landed.visible = false;
    delete this.canvas.dataset.landed;
    const points: { x: number; y: number }[] = [{ x: WIDTH / 2, y: 14 }];
    const hits: (Graphics | null)[] = [null];
    let rights = 0;
    const lift = PEG_R + this.ballRadius();
    for (let level = 0; level < this.rows; level++) {
      const peg = this.pegAt(level, rights);
      points.push({ x: peg.x, y: peg.y - lift });
      hits.push(this.pegs[level]?.[rights + 1] ?? null);
      rights += path[level] ?? 0;
    }
    const end = this.slotAt(slot);
    points.push({ x: end.x, y: end.y - 10 });
    hits.push(null);
    return new Promise((resolve) => {
      const finish = () => {
        this.land(slot, multiplier);
        resolve();
      };
      if (this.reducedMotion) {
        this.ball.visible = true;
        this.ball.position.set(end.x, end.y - 10);
        this.trail.forEach((ghost) => (ghost.visible = false));
        finish();
        return;
      }
      this.drop = { start: performance.now(), points, hits, slot, resolve: finish, lastHop: 0 };
      this.stage.wake();
    });
  }

  private land(slot: number, multiplier: string): void {
    const box = this.slots[slot];
    if (!box) return;
    this.pulse = { slot: box, start: performance.now() };
    const w = this.gap - 4;
    this.landed
      .clear()
      .roundRect(box.x - w / 2 - 3, box.y - 15, w + 6, SLOT_H + 6, 8)
      .stroke({ width: 3, color: 0xffffff })
      .roundRect(box.x - w / 2 - 6, box.y - 18, w + 12, SLOT_H + 12, 10)
      .stroke({ width: 3, color: 0xffe27a, alpha: 0.55 });
    this.landed.visible = true;
    this.canvas.dataset.landed = String(slot);
    const text = new Text({
      text: multiplier,
      style: { fontFamily: 'system-ui, sans-serif', fontWeight: '800', fontSize: 20, fill: 0xffffff, stroke: { color: 0x000000, width: 4 } },
      resolution: TEXT_RESOLUTION,
    });
    text.anchor.set(0.5);
    const tagW = Math.max(56, text.width + 18);
    const tag = new Graphics()
      .roundRect(-tagW / 2, -16, tagW, 32, 16)
      .fill(slotColour(slot, this.rows + 1))
      .stroke({ width: 2, color: 0xffffff });
    this.label.addChild(tag, text);
    const x = Math.min(WIDTH - tagW / 2 - 6, Math.max(tagW / 2 + 6, box.x));
    this.label.position.set(x, box.y - 40);
    this.label.scale.set(this.reducedMotion ? 1 : 0);
    this.stage.wake();
  }

  /** One frame; answers whether anything on the board still moves. */
  private frame(now: number): boolean {
    const drop = this.drop;
    if (drop) {
      const hops = drop.points.length - 1;
      const elapsed = (now - drop.start) / HOP_MS;
      const hop = Math.min(hops - 1, Math.floor(elapsed));
      const t = Math.min(1, elapsed - hop);
      const a = drop.points[hop]!;
      const b = drop.points[hop + 1]!;
      let x: number;
      let y: number;
      if (hop === 0) {
        // the first fall, straight down and speeding up
        x = a.x + (b.x - a.x) * t;
        y = a.y + (b.y - a.y) * t * t;
      } else {
        // a hop: up off the peg, then down onto the next
        x = a.x + (b.x - a.x) * eased.quadOut(t);
        y = a.y + (b.y - a.y) * t * t - this.gapY * 0.5 * Math.sin(Math.PI * t) * (1 - t * 0.4);
      }
      for (let i = TRAIL - 1; i > 0; i--) {
        this.trail[i]!.position.copyFrom(this.trail[i - 1]!.position);
        this.trail[i]!.visible = this.trail[i - 1]!.visible;
      }
      this.trail[0]!.position.copyFrom(this.ball.position);
      this.trail[0]!.visible = this.ball.visible;
      this.ball.visible = true;
      this.ball.position.set(x, y);
      if (hop > drop.lastHop) {
        drop.lastHop = hop;
        const peg = drop.hits[hop];
        if (peg) {
          const glow = new Graphics().circle(0, 0, PEG_R + 3).fill(0xffe27a);
          glow.position.copyFrom(peg.position);
          this.glows.addChild(glow);
          this.flashes.push({ glow, start: now });
        }
      }
      if (elapsed >= hops) {
        this.drop = null;
        this.trail.forEach((ghost) => (ghost.visible = false));
        this.ball.position.set(b.x, b.y);
        drop.resolve();
      }
    }
    this.flashes = this.flashes.filter(({ glow, start }) => {
      const p = Math.min(1, (now - start) / 260);
      glow.scale.set(1 + 0.8 * (1 - p));
      glow.alpha = 1 - p;
      if (p >= 1) glow.destroy();
      return p < 1;
    });
    if (this.pulse) {
      const p = Math.min(1, (now - this.pulse.start) / 500);
      const bump = this.reducedMotion ? 0 : Math.sin(Math.PI * p) * 0.25;
      this.pulse.slot.scale.set(1 + bump, 1 - bump * 0.4);
      if (!this.reducedMotion) this.label.scale.set(eased.backOut(Math.min(1, p * 1.4)));
      if (p >= 1) this.pulse = null;
    }
    return this.drop !== null || this.flashes.length > 0 || this.pulse !== null;
  }

  destroy(): void {
    this.stage.destroy();
  }
}
