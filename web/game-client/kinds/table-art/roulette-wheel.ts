/**
 * The roulette wheel on PixiJS: a wooden bowl, the ball track, thirty-seven pockets with their
 * frets and numbers, a cone and a turret. A spin turns the wheel one way and sends the ball round
 * the track the other way; the ball slows, drops from the track, hops over a fret or two and
 * settles in the result's pocket and rides the wheel until it stops. Everything moves on the stage's
 * ticker, which stops while the wheel rests; prefers-reduced-motion places the ball in its pocket at
 * once.
 */
import { Container, FillGradient, Graphics, Text } from 'pixi.js';
import { eased, stageResolution, TableStage, TEXT_RESOLUTION } from './stage';

export const WHEEL_ORDER = [
  0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14, 31, 9, 22, 18, 29, 7, 28, 12, 35, 3, 26,
];
const RED = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);
const SLICE = (Math.PI * 2) / WHEEL_ORDER.length;
const TAU = Math.PI * 2;

const SIZE = 360;
const C = SIZE / 2;
const RIM = 176;
const TRACK_OUT = 160;
const TRACK_IN = 138;
const POCKET_OUT = 136;
const POCKET_IN = 104;
const NUMBER_R = 121;
const BALL_TRACK = 148;
const BALL_POCKET = 114;
const BALL_R = 6.5;

/** How long a spin lasts, ms; the ball leaves the track at DROP of it. */
const SPIN_MS = 4600;
const DROP = 0.62;
const BADGE_MS = 380;

const pocketColour = (n: number) => (n === 0 ? 0x0f8a4f : RED.has(n) ? 0xb3121d : 0x14161c);

export class RouletteWheel {
  private stage!: TableStage;
  private wheel = new Container();
  private ball = new Graphics();
  private badge = new Container();
  private badgeDisc = new Graphics();
  private badgeText = new Text({
    text: '',
    style: { fontFamily: 'system-ui, sans-serif', fontWeight: '800', fontSize: 34, fill: 0xffffff },
    resolution: TEXT_RESOLUTION,
  });
  /** The wheel's rotation, radians. */
  private angle = 0;
  /** Where the ball is: on the track (world angle) or in a pocket (angle on the wheel). */
  private ballAt: { world: number; radius: number } | { pocket: number } | null = null;
  private spin: { start: number; from: number; turns: number; ballFrom: number; ballTurns: number; pocket: number; resolve: () => void } | null = null;
  private badgeShownAt = 0;

  private constructor(
    private readonly canvas: HTMLCanvasElement,
    private readonly reducedMotion: boolean,
  ) {}

  static async create(canvas: HTMLCanvasElement, reducedMotion: boolean): Promise<RouletteWheel> {
    const wheel = new RouletteWheel(canvas, reducedMotion);
    await wheel.init();
    return wheel;
  }

  private async init(): Promise<void> {
    this.stage = await TableStage.start(this.canvas, {
      width: SIZE,
      height: SIZE,
      antialias: true,
      reducedMotion: this.reducedMotion,
      frame: (now) => this.frame(now),
    });
    const bowl = this.bowl();
    this.stage.app.stage.addChild(bowl, this.wheel, this.ball, this.badge, this.pointerGlint());
    this.wheel.position.set(C, C);
    this.drawWheel();
    // The wheel and the bowl are drawn once into textures: a frame then turns one sprite, not
    // thirty-seven pockets and their numbers.
    this.wheel.cacheAsTexture({ resolution: stageResolution() * 1.5, antialias: true });
    bowl.cacheAsTexture({ resolution: stageResolution(), antialias: true });
    this.drawBall();
    this.badge.position.set(C, C);
    this.badgeText.anchor.set(0.5);
    this.badge.addChild(this.badgeDisc, this.badgeText);
    this.badge.visible = false;
    this.stage.wake();
  }

  /** The outer bowl and the ball track, which do not turn. */
  private bowl(): Graphics {
    const wood = new FillGradient({
      type: 'radial',
      center: { x: 0.5, y: 0.5 },
      innerRadius: 0.3,
      outerCenter: { x: 0.5, y: 0.5 },
      outerRadius: 0.5,
      colorStops: [
        { offset: 0, color: 0x7a3f18 },
        { offset: 0.8, color: 0x4a230c },
        { offset: 1, color: 0x2a1205 },
      ],
      textureSpace: 'local',
    });
    const g = new Graphics();
    g.circle(C, C + 4, RIM + 2).fill({ color: 0x000000, alpha: 0.35 });
    g.circle(C, C, RIM).fill(wood);
    g.circle(C, C, RIM - 1).stroke({ width: 2, color: 0xd9a441, alpha: 0.8 });
    const track = new FillGradient({
      type: 'radial',
      center: { x: 0.5, y: 0.5 },
      innerRadius: 0.35,
      outerCenter: { x: 0.5, y: 0.5 },
      outerRadius: 0.5,
      colorStops: [
        { offset: 0, color: 0x1d140d },
        { offset: 0.7, color: 0x3b2a1c },
        { offset: 1, color: 0x5b4330 },
      ],
      textureSpace: 'local',
    });
    g.circle(C, C, TRACK_OUT).fill(track);
    g.circle(C, C, TRACK_OUT).stroke({ width: 2, color: 0xf5d27a, alpha: 0.7 });
    // the deflectors (diamonds) on the track
    for (let i = 0; i < 8; i++) {
      const a = (i / 8) * TAU + TAU / 16;
      const r = (TRACK_OUT + TRACK_IN) / 2 + 2;
      const x = C + Math.cos(a) * r;
      const y = C + Math.sin(a) * r;
      const dx = Math.cos(a);
      const dy = Math.sin(a);
      g.poly([x + dx * 6, y + dy * 6, x - dy * 3, y + dx * 3, x - dx * 6, y - dy * 6, x + dy * 3, y - dx * 3])
        .fill(0xe8c46a)
        .stroke({ width: 1, color: 0x6b4a12 });
    }
    return g;
  }

  /** A soft highlight across the glass of the bowl, over everything. */
  private pointerGlint(): Graphics {
    const g = new Graphics();
    g.ellipse(C - 60, C - 95, 70, 26).fill({ color: 0xffffff, alpha: 0.06 });
    g.rotation = 0;
    return g;
  }

  /** The turning part: pockets, frets, numbers, cone and turret, drawn around (0, 0). */
  private drawWheel(): void {
    const g = new Graphics();
    g.circle(0, 0, TRACK_IN).fill(0xc8962e);
    g.circle(0, 0, TRACK_IN - 1.5).fill(0x2b1a0c);
    WHEEL_ORDER.forEach((n, i) => {
      const start = i * SLICE - Math.PI / 2 - SLICE / 2;
      const end = start + SLICE;
      // the number's band
      g.moveTo(Math.cos(start) * POCKET_OUT, Math.sin(start) * POCKET_OUT)
        .arc(0, 0, POCKET_OUT, start, end)
        .lineTo(Math.cos(end) * POCKET_IN, Math.sin(end) * POCKET_IN)
        .arc(0, 0, POCKET_IN, end, start, true)
        .closePath()
        .fill(pocketColour(n));
      // the pocket floor, a shade darker, where the ball rests
      const inner = POCKET_IN - 1;
      const floor = POCKET_IN + 14;
      g.moveTo(Math.cos(start) * floor, Math.sin(start) * floor)
        .arc(0, 0, floor, start, end)
        .lineTo(Math.cos(end) * inner, Math.sin(end) * inner)
        .arc(0, 0, inner, end, start, true)
        .closePath()
        .fill({ color: 0x000000, alpha: 0.28 });
      // the fret
      g.moveTo(Math.cos(start) * POCKET_IN, Math.sin(start) * POCKET_IN)
        .lineTo(Math.cos(start) * POCKET_OUT, Math.sin(start) * POCKET_OUT)
        .stroke({ width: 2, color: 0xf2cf6b });
      const label = new Text({
        text: String(n),
        style: { fontFamily: 'system-ui, sans-serif', fontWeight: '700', fontSize: 13, fill: 0xfdf6e3 },
        resolution: TEXT_RESOLUTION,
      });
      label.anchor.set(0.5);
      const mid = start + SLICE / 2;
      label.position.set(Math.cos(mid) * NUMBER_R, Math.sin(mid) * NUMBER_R);
      label.rotation = mid + Math.PI / 2;
      this.wheel.addChild(label);
    });
    g.circle(0, 0, POCKET_OUT).stroke({ width: 2, color: 0xf2cf6b });
    g.circle(0, 0, POCKET_IN).stroke({ width: 2.5, color: 0xf2cf6b });
    const cone = new FillGradient({
      type: 'radial',
      center: { x: 0.42, y: 0.38 },
      innerRadius: 0,
      outerCenter: { x: 0.5, y: 0.5 },
      outerRadius: 0.5,
      colorStops: [
        { offset: 0, color: 0x1f7a55 },
        { offset: 0.75, color: 0x0c3b29 },
        { offset: 1, color: 0x06241a },
      ],
      textureSpace: 'local',
    });
    g.circle(0, 0, POCKET_IN - 2).fill(cone);
    // the cone's spokes and the turret
    for (let i = 0; i < 4; i++) {
      const a = (i / 4) * TAU;
      const x = Math.cos(a);
      const y = Math.sin(a);
      g.moveTo(x * 18, y * 18)
        .lineTo(x * 70, y * 70)
        .stroke({ width: 5, color: 0xc8962e, cap: 'round' });
      g.circle(x * 74, y * 74, 6)
        .fill(0xf2cf6b)
        .stroke({ width: 1, color: 0x6b4a12 });
    }
    g.circle(0, 0, 22).fill(0xc8962e).stroke({ width: 2, color: 0xf5dd93 });
    g.circle(-6, -6, 7).fill({ color: 0xffffff, alpha: 0.35 });
    this.wheel.addChildAt(g, 0);
  }

  private drawBall(): void {
    this.ball.circle(0, 1.5, BALL_R).fill({ color: 0x000000, alpha: 0.35 });
    this.ball.circle(0, 0, BALL_R).fill(0xf4f4f0).stroke({ width: 1, color: 0x9ca3af });
    this.ball.circle(-2, -2, 2.2).fill({ color: 0xffffff, alpha: 0.95 });
    this.ball.visible = false;
  }

  /** The angle on the wheel of a number's pocket, measured from the top. */
  private pocketAngle(n: number): number {
    return WHEEL_ORDER.indexOf(n) * SLICE - Math.PI / 2;
  }

  private placeBall(world: number, radius: number, lift = 0): void {
    this.ball.visible = true;
    this.ball.position.set(C + Math.cos(world) * radius, C + Math.sin(world) * radius - lift);
  }

  private showBadge(n: number): void {
    this.badgeDisc.clear().circle(0, 0, 30).fill(pocketColour(n)).stroke({ width: 3, color: 0xf5dd93 });
    this.badgeText.text = String(n);
    this.badge.visible = true;
    this.badgeShownAt = performance.now();
    // The number the ball rests on, for whoever reads the canvas rather than looks at it.
    this.canvas.dataset.number = String(n);
    this.stage.wake();
  }

  /** Shows a number already drawn (a table opened after its spin): the ball in its pocket at the top. */
  show(n: number): void {
    this.angle = -this.pocketAngle(n) - Math.PI / 2;
    this.ballAt = { pocket: this.pocketAngle(n) };
    this.showBadge(n);
  }

  /** Spins to `n`; resolves once the ball rests in its pocket. */
  spinTo(n: number): Promise<void> {
    this.badge.visible = false;
    delete this.canvas.dataset.number;
    if (this.reducedMotion) {
      this.show(n);
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      // The ball starts where it is (or at the top) and runs against the wheel.
      const ballFrom = this.ballAt && 'world' in this.ballAt ? this.ballAt.world : this.ballAt ? this.ballAt.pocket + this.angle : -Math.PI / 2;
      this.spin = { start: performance.now(), from: this.angle, turns: TAU * 1.6, ballFrom, ballTurns: TAU * 4.5, pocket: this.pocketAngle(n), resolve };
      this.spinLanding = null;
      this.pendingNumber = n;
      this.stage.wake();
    });
  }

  private spinLanding: { relFrom: number; relTo: number } | null = null;
  private pendingNumber = 0;

  /** One frame; answers whether the wheel still moves. */
  private frame(now: number): boolean {
    const spin = this.spin;
    if (spin) {
      const t = Math.min(1, (now - spin.start) / SPIN_MS);
      this.angle = spin.from + spin.turns * eased.cubicOut(t);
      if (t < DROP) {
        // on the track, slowing; the radius sags as it loses speed
        const p = t / DROP;
        const world = spin.ballFrom - spin.ballTurns * eased.quadOut(p);
        const radius = BALL_TRACK - 6 * p * p;
        this.ballAt = { world, radius };
        this.placeBall(world, radius);
      } else {
        const p = (t - DROP) / (1 - DROP);
        if (!this.spinLanding) {
          const world = this.ballAt && 'world' in this.ballAt ? this.ballAt.world : spin.ballFrom;
          const relFrom = world - this.angle;
          // the pocket a turn or so behind the ball, so the ball keeps running the way it ran
          let relTo = spin.pocket;
          while (relTo > relFrom - Math.PI * 0.9) relTo -= TAU;
          this.spinLanding = { relFrom, relTo };
        }
        const { relFrom, relTo } = this.spinLanding;
        const rel = relFrom + (relTo - relFrom) * eased.cubicOut(p);
        const radius = BALL_TRACK - 6 + (BALL_POCKET - BALL_TRACK + 6) * eased.bounceOut(Math.min(1, p * 1.6));
        // a hop or two over the frets while it still runs
        const lift = p < 0.7 ? Math.abs(Math.sin(p * Math.PI * 4)) * 5 * (1 - p / 0.7) : 0;
        this.ballAt = { world: this.angle + rel, radius };
        this.placeBall(this.angle + rel, radius, lift);
      }
      if (t >= 1) {
        this.spin = null;
        this.ballAt = { pocket: spin.pocket };
        this.showBadge(this.pendingNumber);
        spin.resolve();
      }
    }
    this.wheel.rotation = this.angle;
    if (this.ballAt && 'pocket' in this.ballAt) this.placeBall(this.ballAt.pocket + this.angle, BALL_POCKET);
    let growing = false;
    if (this.badge.visible) {
      const p = this.reducedMotion ? 1 : Math.min(1, (now - this.badgeShownAt) / BADGE_MS);
      this.badge.scale.set(eased.backOut(p));
      growing = p < 1;
    }
    return this.spin !== null || growing;
  }

  destroy(): void {
    this.stage.destroy();
  }
}
