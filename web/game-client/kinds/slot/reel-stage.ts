/**
 * The slot's reels on PixiJS: the title's symbols drawn into textures (those of the first window at
 * start, one per task; the rest and their motion-blurred copies when the page is idle), reels that wind up,
 * spin and land one after another with a slight overshoot, a slower last reel when a feature is a
 * symbol away, win lines traced with their amounts, a win banner scaled to the win and the free-spin
 * intro. Everything moves on Pixi's ticker, which runs only while something moves: the canvas's
 * `data-stage` says `running` or `idle`. prefers-reduced-motion shortens the spin and drops the
 * overshoot and the shake.
 *
 * What the canvas shows beyond the reels is said on it too, for whatever reads the page rather than
 * the picture: `data-feature` is `anticipation` while the last reel holds back, `free-spin-intro`
 * while the intro shows and `shake` while a mega win shakes the cabinet; `data-lines` is the count
 * of win lines traced and `data-banner` the win banner's size (`win`, `big-win`, `mega-win`), each
 * while it shows.
 */
import 'pixi.js/unsafe-eval';
import {
  Application,
  BlurFilter,
  Container,
  FillGradient,
  getMaxFragmentPrecision,
  Graphics,
  isWebGLSupported,
  Rectangle,
  Sprite,
  Text,
  type Texture,
} from 'pixi.js';
import { drawingDone, whenIdle, yieldToPage } from '../idle-work';
import { cabinetSize, CELL, PAD_TOP, PAD_X } from './cabinet';
import { drawSymbolArt, hasArt, ROYALS } from './symbols';
import type { SlotTheme } from './themes';

/** Reel speed at full spin, symbols per millisecond. */
const SPEED = 0.022;
/** Speed of an anticipating last reel. */
const SLOW_SPEED = 0.011;
/** The longest frame the reels move by: longer stalls (a hidden tab) are not leapt over. */
const MAX_FRAME_MS = 250;
/** backOut's slope at its start: a landing of `d` symbols at speed v lasts d × BACK_SLOPE / v. */
const BACK = 1.4;
const BACK_SLOPE = 3 * (BACK + 1) - 2 * BACK;
const backOut = (x: number): number => 1 + (BACK + 1) * (x - 1) ** 3 + BACK * (x - 1) ** 2;
const cubicOut = (x: number): number => 1 - (1 - x) ** 3;

export interface StageOptions {
  canvas: HTMLCanvasElement;
  reels: number;
  rows: number;
  theme: SlotTheme;
  /** The title's symbol ids (fillers while spinning). */
  symbols: string[];
  isWild: (id: string) => boolean;
  wildLabel: string;
  /** The title's name, shown on the cabinet's crest. */
  name: string;
  reducedMotion: boolean;
  onReelStop?: (reel: number) => void;
  onAnticipation?: () => void;
}

export interface WinLine {
  /** Cells of the win, [reel, row]. */
  cells: [number, number][];
  /** Row per reel of the whole payline (null for a ways win). */
  path: number[] | null;
  amount: string;
}

export interface WinShow {
  lines: WinLine[];
  /** 0: lines only; 1: win banner; 2: big win; 3: mega win. */
  tier: number;
  title: string;
  /** Counts the banner's amount up: `amountAt(progress 0…1)`. */
  amountAt: (progress: number) => string;
}

/** What the stage shows beyond the reels, on the canvas's `data-feature`. */
export type StageFeature = 'anticipation' | 'free-spin-intro' | 'shake';

/** The extensions Pixi's WebGL 2 renderer enables as it starts (GlContextSystem.getExtensions). */
const PIXI_WEBGL2_EXTENSIONS = [
  'EXT_texture_filter_anisotropic',
  'OES_texture_float_linear',
  'WEBGL_compressed_texture_s3tc',
  'WEBGL_compressed_texture_s3tc_srgb',
  'WEBGL_compressed_texture_etc',
  'WEBGL_compressed_texture_etc1',
  'WEBGL_compressed_texture_pvrtc',
  'WEBGL_compressed_texture_atc',
  'WEBGL_compressed_texture_astc',
  'EXT_texture_compression_bptc',
  'EXT_texture_compression_rgtc',
  'WEBGL_lose_context',
  'EXT_color_buffer_float',
  'WEBGL_provoking_vertex',
];

/** The win banner's size by tier, on the canvas's `data-banner`. */
const BANNERS = ['', 'win', 'big-win', 'mega-win'] as const;

interface Tween {
  start: number;
  duration: number;
  step: (progress: number) => void;
  done?: () => void;
}

class Reel {
  readonly view = new Container();
  readonly sprites: Sprite[] = [];
  pos = 0;
  speed = 0;
  state: 'idle' | 'spinning' | 'landing' | 'settling' = 'idle';
  current: string[];
  target: string[] | null = null;
  /** Strip index that ends in row 0 when the reel has landed. */
  stopIndex = 0;
  startedAt = 0;
  travel = 0;
  stopAt = Number.POSITIVE_INFINITY;
  maxSpeed = SPEED;
  settleFrom = 0;
  settleStart = 0;
  settleDuration = 0;
  resolve: (() => void) | null = null;

  constructor(
    readonly index: number,
    readonly rows: number,
    column: string[],
  ) {
    this.current = column;
  }
}

export class ReelStage {
  private app = new Application();
  private textures = new Map<string, Texture>();
  private blurred = new Map<string, Texture>();
  /** The title's symbols drawn so far: a spinning reel's fillers, which never wait for a drawing. */
  private drawn: string[] = [];
  private reels: Reel[] = [];
  private tweens: Tween[] = [];
  private board = new Container();
  private reelLayer = new Container();
  private winLayer = new Container();
  private overlay = new Container();
  private glow = new Graphics();
  private pulsing: Sprite[] = [];
  private lineCycle: { lines: WinLine[]; next: number; index: number } | null = null;
  private width: number;
  private height: number;
  private shakeUntil = 0;
  /** When a shown win's pulsing and line cycle end. */
  private winUntil = 0;
  private idleFrames = 0;
  /** Whether the start is drawn and shown (the ticker may run). */
  private started = false;
  private crest = new Text({
    text: '',
    style: { fontFamily: 'system-ui, sans-serif', fontWeight: '800', fontSize: 15, letterSpacing: 1.5, fill: 0xffe9a8 },
    resolution: 2,
  });

  private constructor(private readonly options: StageOptions) {
    ({ width: this.width, height: this.height } = cabinetSize(options.reels, options.rows));
  }

  /** The stage on `options.canvas`, at rest on the window `initial()` answers when its reels are built. */
  static async create(options: StageOptions, initial: () => string[][]): Promise<ReelStage> {
    const stage = new ReelStage(options);
    await stage.init(initial);
    return stage;
  }

  /**
   * Starts the renderer, then draws in short tasks (the cabinet, each symbol of the first window),
   * so that no task of the start holds the page; the title's other symbols follow when it is idle.
   */
  private async init(initial: () => string[][]): Promise<void> {
    const { canvas } = this.options;
    await this.startRenderer();
    this.app.stage.addChild(this.board, this.overlay);
    this.drawBackdrop();
    await yieldToPage();
    // The first drawing into a texture compiles its shader program: the batcher's (small shapes,
    // text) and the one for large shapes (a symbol's picture) are each compiled on a blank, in a
    // task of its own, not in the first symbol's.
    for (const batchMode of ['auto', 'no-batch'] as const) {
      const blank = new Graphics().rect(0, 0, 2, 2).fill(0xffffff);
      blank.context.batchMode = batchMode;
      this.app.renderer.generateTexture({ target: blank, frame: new Rectangle(0, 0, 2, 2), resolution: 2, antialias: true }).destroy(true);
      blank.destroy();
      await yieldToPage();
    }
    for (const id of new Set(initial().flat())) {
      this.textureOf(id);
      await yieldToPage();
    }
    this.buildReels(initial());
    this.board.addChild(this.glow, this.winLayer);
    // Pixi holds a frame's time to 100 ms (10 frames a second); the reels take it up to MAX_FRAME_MS.
    this.app.ticker.minFPS = 1000 / MAX_FRAME_MS;
    this.app.ticker.add(() => this.frame(performance.now()));
    this.app.render();
    // Shown only once drawn: see drawingDone.
    await drawingDone(this.app.renderer);
    canvas.dataset.renderer = this.app.renderer.name;
    canvas.dataset.stage = 'idle';
    this.started = true;
    void this.drawTheRestWhenIdle();
  }

  /**
   * Pixi's renderer, its start cut into tasks: Pixi tries WebGL and reads the fragment shader's
   * precision on WebGL contexts of its own, made once and kept, and the stage's context is made
   * before Pixi takes it up, each in a task before the renderer's own start (on a phone, each is
   * tens of milliseconds).
   */
  private async startRenderer(): Promise<void> {
    const { canvas, theme } = this.options;
    // The attributes Pixi asks for itself (an opaque background, no multisampling, a stencil for masks).
    const attributes: WebGLContextAttributes = {
      alpha: false,
      premultipliedAlpha: true,
      antialias: false,
      stencil: true,
      preserveDrawingBuffer: false,
      powerPreference: 'default',
    };
    let context: WebGL2RenderingContext | null = null;
    if (isWebGLSupported()) {
      await yieldToPage();
      getMaxFragmentPrecision();
      await yieldToPage();
      context = canvas.getContext('webgl2', attributes);
      await yieldToPage();
      // Enabled now, a few per task, Pixi finds them enabled: each first enabling asks the GPU process.
      for (const [index, name] of PIXI_WEBGL2_EXTENSIONS.entries()) {
        context?.getExtension(name);
        if (index % 5 === 4) await yieldToPage();
      }
      await yieldToPage();
    }
    await this.app.init({
      canvas,
      // Without WebGL 2, Pixi makes its own context (WebGL 1) or another renderer.
      ...(context ? { context } : {}),
      width: this.width,
      height: this.height,
      resolution: Math.min(2, Math.max(1, window.devicePixelRatio || 1)),
      autoDensity: false,
      // Symbols are drawn antialiased into their textures; the live layer needs no multisampling.
      antialias: attributes.antialias,
      background: theme.sky[1],
      preference: 'webgl',
      // The ticker runs only while something moves (wake / sleep below): an idle slot costs no frames.
      autoStart: false,
    });
    await yieldToPage();
  }

  /** The title's other symbols and every motion-blurred copy, one drawing per idle moment. */
  private async drawTheRestWhenIdle(): Promise<void> {
    for (const id of this.options.symbols) {
      await whenIdle();
      this.textureOf(id);
      await whenIdle();
      this.blurredOf(id);
    }
  }

  private drawBackdrop(): void {
    const { theme, reels, rows } = this.options;
    const sky = new FillGradient({
      type: 'linear',
      start: { x: 0, y: 0 },
      end: { x: 0, y: 1 },
      colorStops: [
        { offset: 0, color: theme.sky[0] },
        { offset: 1, color: theme.sky[1] },
      ],
      textureSpace: 'local',
    });
    const back = new Graphics().rect(0, 0, this.width, this.height).fill(sky);
    // motes of light in the sky
    for (let i = 0; i < 26; i++) {
      const x = (i * 97) % this.width;
      const y = (i * 53) % this.height;
      back.circle(x, y, 1 + (i % 3)).fill({ color: theme.accent, alpha: 0.12 + (i % 4) * 0.04 });
    }
    const glass = new FillGradient({
      type: 'linear',
      start: { x: 0, y: 0 },
      end: { x: 0, y: 1 },
      colorStops: [
        { offset: 0, color: 0x000000 },
        { offset: 0.12, color: theme.glass },
        { offset: 0.88, color: theme.glass },
        { offset: 1, color: 0x000000 },
      ],
      textureSpace: 'local',
    });
    const w = reels * CELL;
    const h = rows * CELL;
    back.roundRect(PAD_X - 10, PAD_TOP - 10, w + 20, h + 20, 18).fill({ color: 0x000000, alpha: 0.45 });
    back.roundRect(PAD_X - 6, PAD_TOP - 6, w + 12, h + 12, 14).stroke({ width: 6, color: theme.frame });
    back.roundRect(PAD_X - 9, PAD_TOP - 9, w + 18, h + 18, 16).stroke({ width: 1.5, color: 0xffffff, alpha: 0.35 });
    for (let reel = 0; reel < reels; reel++) {
      back.rect(PAD_X + reel * CELL + 2, PAD_TOP, CELL - 4, h).fill(glass);
      if (reel > 0) back.rect(PAD_X + reel * CELL - 1, PAD_TOP, 2, h).fill({ color: theme.frame, alpha: 0.5 });
    }
    // the cabinet's crest: a plaque in the frame's colour centred over the reels
    const crestWidth = Math.min(w * 0.5, 260);
    back
      .roundRect((this.width - crestWidth) / 2, 6, crestWidth, PAD_TOP - 14, 12)
      .fill({ color: 0x000000, alpha: 0.5 })
      .stroke({ width: 2.5, color: theme.frame });
    for (const side of [-1, 1]) {
      back
        .poly([
          this.width / 2 + side * (crestWidth / 2 + 4),
          20,
          this.width / 2 + side * (crestWidth / 2 + 40),
          14,
          this.width / 2 + side * (crestWidth / 2 + 40),
          26,
        ])
        .fill({ color: theme.frame, alpha: 0.8 });
    }
    back.star(this.width / 2 - crestWidth / 2 + 16, 20, 4, 6, 2.5).fill({ color: theme.accent });
    back.star(this.width / 2 + crestWidth / 2 - 16, 20, 4, 6, 2.5).fill({ color: theme.accent });
    // corner studs of the cabinet
    for (const [x, y] of [
      [PAD_X - 6, PAD_TOP - 6],
      [PAD_X + w + 6, PAD_TOP - 6],
      [PAD_X - 6, PAD_TOP + h + 6],
      [PAD_X + w + 6, PAD_TOP + h + 6],
    ] as const) {
      back.circle(x, y, 7).fill({ color: theme.frame }).stroke({ width: 2, color: 0x000000, alpha: 0.5 });
      back.circle(x - 2, y - 2, 2.5).fill({ color: 0xffffff, alpha: 0.7 });
    }
    this.crest.anchor.set(0.5);
    this.crest.position.set(this.width / 2, 20);
    this.board.addChild(back, this.reelLayer, this.crest);
    this.caption(null);
  }

  /** The symbol drawn once, at twice the cell for sharp scaling. */
  private textureOf(id: string): Texture {
    const known = this.textures.get(id);
    if (known) return known;
    const art = this.artOf(id);
    const texture = this.app.renderer.generateTexture({ target: art, frame: new Rectangle(0, 0, CELL, CELL), resolution: 2, antialias: true });
    this.textures.set(id, texture);
    if (this.options.symbols.includes(id)) this.drawn.push(id);
    return texture;
  }

  /** The symbol blurred along the reel, as it passes at full speed. */
  private blurredOf(id: string): Texture {
    const known = this.blurred.get(id);
    if (known) return known;
    const art = this.artOf(id);
    let texture: Texture;
    try {
      const blur = new BlurFilter({ strength: 10, quality: 3 });
      blur.strengthX = 0;
      art.filters = [blur];
      art.alpha = 0.85;
      texture = this.app.renderer.generateTexture({ target: art, frame: new Rectangle(0, 0, CELL, CELL), resolution: 1 });
    } catch {
      texture = this.textureOf(id);
    }
    this.blurred.set(id, texture);
    return texture;
  }

  private artOf(id: string): Container {
    const art = new Container();
    const size = CELL * 0.98;
    if (!hasArt(id) && ROYALS.has(id)) {
      art.addChild(this.royal(id));
    } else {
      // a soft light behind the picture symbols, brighter behind wilds
      const light = new Graphics();
      const strong = this.options.isWild(id);
      for (let r = 48; r > 8; r -= 2.5) light.circle(CELL / 2, CELL / 2, r).fill({ color: this.options.theme.accent, alpha: strong ? 0.03 : 0.014 });
      art.addChild(light);
      const g = new Graphics();
      drawSymbolArt(g, id);
      g.scale.set(size / 100);
      g.position.set((CELL - size) / 2, (CELL - size) / 2);
      art.addChild(g);
    }
    if (this.options.isWild(id)) art.addChild(this.wildBanner());
    return art;
  }

  private royal(id: string): Container {
    const { theme } = this.options;
    const color = theme.royals[['A', 'K', 'Q', 'J'].indexOf(id)] ?? theme.accent;
    const box = new Container();
    const plate = new Graphics();
    plate.ellipse(CELL / 2, CELL * 0.9, CELL * 0.28, CELL * 0.05).fill({ color: 0x000000, alpha: 0.3 });
    plate
      .star(CELL / 2, CELL * 0.8, 4, 11, 4)
      .fill({ color: theme.frame })
      .stroke({ width: 1.5, color: 0x1a1008 });
    box.addChild(plate);
    const letter = new Text({
      text: id,
      style: {
        fontFamily: 'Georgia, "Times New Roman", serif',
        fontWeight: '900',
        fontSize: id.length > 1 ? 58 : 76,
        fill: color,
        stroke: { color: 0xfff6e0, width: 5, join: 'round' },
        dropShadow: { color: 0x000000, alpha: 0.55, blur: 3, distance: 4, angle: Math.PI / 3 },
      },
      resolution: 2,
    });
    letter.anchor.set(0.5);
    letter.position.set(CELL / 2, CELL * 0.45);
    box.addChild(letter);
    return box;
  }

  private wildBanner(): Container {
    const { theme, wildLabel } = this.options;
    const box = new Container();
    const ribbon = new Graphics()
      .poly([12, CELL - 34, CELL - 12, CELL - 34, CELL - 4, CELL - 22, CELL - 12, CELL - 10, 12, CELL - 10, 4, CELL - 22])
      .fill({ color: 0x7a0f22 })
      .stroke({ width: 2.5, color: theme.frame });
    box.addChild(ribbon);
    const label = new Text({
      text: wildLabel.toUpperCase(),
      style: { fontFamily: 'system-ui, sans-serif', fontWeight: '900', fontSize: 17, fill: 0xffe89a, letterSpacing: 2, stroke: { color: 0x3a0610, width: 3 } },
      resolution: 2,
    });
    label.anchor.set(0.5);
    label.position.set(CELL / 2, CELL - 22);
    box.addChild(label);
    return box;
  }

  private buildReels(initial: string[][]): void {
    const { reels, rows } = this.options;
    // One mask for the whole window (a stencil pass per reel would cost every frame).
    const mask = new Graphics().rect(PAD_X, PAD_TOP, reels * CELL, rows * CELL).fill(0xffffff);
    this.board.addChild(mask);
    this.reelLayer.mask = mask;
    for (let index = 0; index < reels; index++) {
      const reel = new Reel(index, rows, initial[index] ?? []);
      reel.view.position.set(PAD_X + index * CELL, PAD_TOP);
      for (let j = 0; j <= rows; j++) {
        const sprite = new Sprite();
        sprite.anchor.set(0.5);
        reel.sprites.push(sprite);
        reel.view.addChild(sprite);
      }
      this.reels.push(reel);
      this.reelLayer.addChild(reel.view);
      this.place(reel);
    }
  }

  private symbolAt(reel: Reel, i: number): string {
    if (reel.target && i <= reel.stopIndex && i > reel.stopIndex - reel.rows) return reel.target[reel.stopIndex - i] ?? '?';
    if (i <= 0 && i > -reel.rows) return reel.current[-i] ?? '?';
    const pool = this.drawn.length > 0 ? this.drawn : this.options.symbols;
    const hash = Math.abs((i * 2654435761 + reel.index * 40503) | 0);
    return pool[hash % pool.length] ?? '?';
  }

  /** Puts the reel's sprites where its position says. */
  private place(reel: Reel): void {
    const top = Math.floor(reel.pos) + 1;
    const fast = reel.speed > SPEED * 0.55;
    reel.sprites.forEach((sprite, j) => {
      const i = top - j;
      const id = this.symbolAt(reel, i);
      // A blurred copy not drawn yet is not drawn mid-spin: the sharp picture passes instead.
      sprite.texture = fast ? (this.blurred.get(id) ?? this.textureOf(id)) : this.textureOf(id);
      sprite.position.set(CELL / 2, (reel.pos - i) * CELL + CELL / 2);
      sprite.scale.set(1);
    });
  }

  private frame(now: number): void {
    for (const reel of this.reels) this.move(reel, now);
    for (const tween of [...this.tweens]) {
      const progress = Math.min(1, (now - tween.start) / tween.duration);
      if (progress < 0) continue;
      tween.step(progress);
      if (progress >= 1) {
        this.tweens.splice(this.tweens.indexOf(tween), 1);
        tween.done?.();
      }
    }
    const pulse = 1 + 0.07 * Math.sin(now / 140);
    for (const sprite of this.pulsing) sprite.scale.set(pulse);
    if (this.lineCycle && now >= this.lineCycle.next) {
      const { lines } = this.lineCycle;
      this.drawLines([lines[this.lineCycle.index % lines.length]!]);
      this.lineCycle.index++;
      this.lineCycle.next = now + 1400;
    }
    if (now < this.shakeUntil) this.board.position.set(Math.sin(now / 17) * 4, Math.cos(now / 23) * 3);
    else {
      this.board.position.set(0, 0);
      this.ended('shake');
    }
    if (this.pulsing.length > 0 && now >= this.winUntil) {
      // The win stays traced, all its lines at once, and stops moving.
      const lines = this.lineCycle?.lines;
      this.lineCycle = null;
      if (lines) this.drawLines(lines);
      for (const sprite of this.pulsing) sprite.scale.set(1);
      this.pulsing = [];
    }
    this.sleepWhenStill(now);
  }

  private sleepWhenStill(now: number): void {
    const moving = this.reels.some((reel) => reel.state !== 'idle') || this.tweens.length > 0 || this.pulsing.length > 0 || now < this.shakeUntil;
    this.idleFrames = moving ? 0 : this.idleFrames + 1;
    // A couple of still frames are drawn first, so the last picture is the resting one.
    if (this.idleFrames > 2) {
      this.app.ticker.stop();
      this.options.canvas.dataset.stage = 'idle';
    }
  }

  /** Starts the ticker (and with it the renderer) for something that moves. */
  private wake(): void {
    // While the start is drawn, nothing moves: it renders once, when complete (see init).
    if (!this.started) return;
    this.idleFrames = 0;
    if (!this.app.ticker.started) this.app.ticker.start();
    this.options.canvas.dataset.stage = 'running';
  }

  private move(reel: Reel, now: number): void {
    if (reel.state === 'idle') return;
    // The reels keep real time however few frames the device draws (a slow phone draws a handful a
    // second): a spin lasts as long everywhere. Only a long stall (a hidden tab) is not leapt over.
    const dt = Math.min(MAX_FRAME_MS, this.app.ticker.deltaMS);
    if (reel.state === 'spinning' || reel.state === 'landing') {
      const elapsed = now - reel.startedAt;
      const ramp = this.options.reducedMotion ? 1 : Math.min(1, Math.max(0, (elapsed - 90) / 260));
      const wanted = reel.maxSpeed * ramp * ramp;
      reel.speed += (wanted - reel.speed) * Math.min(1, dt / 120);
      if (reel.state === 'landing' && reel.speed > wanted) reel.speed = wanted;
      reel.travel += reel.speed * dt;
      // the wind-up: a short pull back before the reel runs
      const windUp = this.options.reducedMotion ? 0 : -0.22 * Math.sin(Math.PI * Math.min(1, elapsed / 220)) * (elapsed < 220 ? 1 : 0);
      reel.pos = reel.travel + windUp;
      if (reel.state === 'spinning' && now >= reel.stopAt && reel.target) this.beginLanding(reel);
      if (reel.state === 'landing') {
        const settleDistance = this.settleDistance(reel);
        if (reel.pos >= reel.stopIndex - settleDistance) {
          reel.state = 'settling';
          // A long frame may have carried the reel past its stop: it settles from the stop itself.
          reel.settleFrom = Math.min(reel.pos, reel.stopIndex);
          reel.settleStart = now;
          reel.settleDuration = Math.max(1, ((reel.stopIndex - reel.settleFrom) * (this.options.reducedMotion ? 3 : BACK_SLOPE)) / Math.max(reel.speed, 0.004));
        }
      }
    } else if (reel.state === 'settling') {
      const x = Math.min(1, (now - reel.settleStart) / reel.settleDuration);
      const ease = this.options.reducedMotion ? cubicOut(x) : backOut(x);
      reel.pos = reel.settleFrom + (reel.stopIndex - reel.settleFrom) * ease;
      reel.speed = 0;
      if (x >= 1) {
        reel.state = 'idle';
        reel.current = reel.target ?? reel.current;
        reel.target = null;
        reel.pos = 0;
        reel.travel = 0;
        this.options.onReelStop?.(reel.index);
        const done = reel.resolve;
        reel.resolve = null;
        done?.();
      }
    }
    this.place(reel);
  }

  private settleDistance(reel: Reel): number {
    const duration = this.options.reducedMotion ? 160 : 380;
    return (reel.maxSpeed * duration) / (this.options.reducedMotion ? 3 : BACK_SLOPE);
  }

  private beginLanding(reel: Reel): void {
    // The target enters above the window, out of sight, then rolls down into place.
    reel.stopIndex = Math.ceil(reel.pos + reel.rows + 1 + this.settleDistance(reel));
    reel.state = 'landing';
  }

  /** Starts every reel spinning (the answer is not known yet). */
  spin(): void {
    this.wake();
    this.clearWin();
    const now = performance.now();
    for (const reel of this.reels) {
      reel.state = 'spinning';
      reel.startedAt = now;
      reel.travel = 0;
      reel.pos = 0;
      reel.speed = 0;
      reel.maxSpeed = SPEED;
      reel.target = null;
      reel.stopAt = Number.POSITIVE_INFINITY;
    }
  }

  /**
   * Lands the reels on `window`, left to right; `anticipate` holds the last reel back and slows it.
   * Resolves when the last reel has settled.
   */
  stop(window: string[][], anticipateFrom: number | null): Promise<void> {
    this.wake();
    const reduced = this.options.reducedMotion;
    const now = performance.now();
    const minimum = reduced ? 120 : 420;
    const stagger = reduced ? 70 : 190;
    const stops = this.reels.map((reel) => {
      const anticipating = !reduced && anticipateFrom !== null && reel.index >= anticipateFrom;
      return new Promise<void>((resolve) => {
        if (reel.state === 'idle') this.restart(reel, now);
        reel.target = window[reel.index] ?? reel.current;
        const base = Math.max(now, reel.startedAt + minimum) + reel.index * stagger;
        reel.stopAt = anticipating ? base + 900 + (reel.index - anticipateFrom) * 900 : base;
        reel.resolve = resolve;
        if (anticipating) {
          this.tweens.push({
            start: reel.stopAt - 900,
            duration: 1,
            step: () => undefined,
            done: () => {
              reel.maxSpeed = SLOW_SPEED;
              this.showing('anticipation');
              this.anticipationGlow(reel);
              this.options.onAnticipation?.();
            },
          });
        }
      });
    });
    return Promise.all(stops).then(() => {
      this.glow.clear();
      this.ended('anticipation');
    });
  }

  private restart(reel: Reel, now: number): void {
    reel.state = 'spinning';
    reel.startedAt = now;
    reel.travel = 0;
    reel.pos = 0;
    reel.speed = 0;
  }

  private anticipationGlow(reel: Reel): void {
    const x = PAD_X + reel.index * CELL;
    const h = this.options.rows * CELL;
    this.tweens.push({
      start: performance.now(),
      duration: 900,
      step: (p) => {
        this.glow.clear();
        const alpha = 0.35 + 0.35 * Math.sin(p * Math.PI * 4);
        this.glow.roundRect(x - 3, PAD_TOP - 3, CELL + 6, h + 6, 10).stroke({ width: 6, color: this.options.theme.accent, alpha });
        this.glow.roundRect(x, PAD_TOP, CELL, h, 8).fill({ color: this.options.theme.accent, alpha: 0.08 });
      },
    });
  }

  /** Shows the window at once (first screen, or a reduced-motion jump). */
  show(window: string[][]): void {
    this.wake();
    for (const reel of this.reels) {
      reel.current = window[reel.index] ?? reel.current;
      reel.state = 'idle';
      reel.pos = 0;
      this.place(reel);
    }
  }

  clearWin(): void {
    this.wake();
    this.winLayer.removeChildren().forEach((child) => child.destroy({ children: true }));
    this.overlay.removeChildren().forEach((child) => child.destroy({ children: true }));
    for (const sprite of this.pulsing) sprite.scale.set(1);
    this.pulsing = [];
    this.lineCycle = null;
    this.shakeUntil = 0;
    this.ended('shake');
    delete this.options.canvas.dataset.lines;
    delete this.options.canvas.dataset.banner;
  }

  /** Says on the canvas that `feature` shows now. */
  private showing(feature: StageFeature): void {
    this.options.canvas.dataset.feature = feature;
  }

  /** Says on the canvas that `feature` no longer shows (if it was the one said). */
  private ended(feature: StageFeature): void {
    if (this.options.canvas.dataset.feature === feature) delete this.options.canvas.dataset.feature;
  }

  private cellCentre(reel: number, row: number): [number, number] {
    return [PAD_X + reel * CELL + CELL / 2, PAD_TOP + row * CELL + CELL / 2];
  }

  /** Frames the winning cells and traces every win line with its amount. */
  private drawLines(lines: WinLine[]): void {
    this.winLayer.removeChildren().forEach((child) => child.destroy({ children: true }));
    const { accent } = this.options.theme;
    const g = new Graphics();
    const palette = [accent, 0xffe14a, 0xff7a90, 0x7dd3fc, 0xbef264, 0xf0abfc];
    lines.forEach((line, n) => {
      const color = palette[n % palette.length]!;
      for (const [reel, row] of line.cells) {
        const [x, y] = this.cellCentre(reel, row);
        g.roundRect(x - CELL / 2 + 4, y - CELL / 2 + 4, CELL - 8, CELL - 8, 12).stroke({ width: 4, color, alpha: 0.95 });
      }
      if (line.path) {
        const points = line.path.map((row, reel) => this.cellCentre(reel, row));
        const [fx, fy] = points[0]!;
        g.moveTo(fx - CELL / 2, fy);
        for (const [x, y] of points) g.lineTo(x, y);
        const [lx, ly] = points.at(-1)!;
        g.lineTo(lx + CELL / 2, ly);
        g.stroke({ width: 9, color: 0x000000, alpha: 0.35, join: 'round', cap: 'round' });
        g.moveTo(fx - CELL / 2, fy);
        for (const [x, y] of points) g.lineTo(x, y);
        g.lineTo(lx + CELL / 2, ly);
        g.stroke({ width: 4, color, join: 'round', cap: 'round' });
      }
      const [lastReel, lastRow] = line.cells.at(-1) ?? [0, 0];
      const [bx, by] = this.cellCentre(lastReel, lastRow);
      const badge = new Container();
      const label = new Text({
        text: line.amount,
        style: { fontFamily: 'system-ui, sans-serif', fontWeight: '800', fontSize: 18, fill: 0x1a1008 },
        resolution: 2,
      });
      label.anchor.set(0.5);
      const plate = new Graphics()
        .roundRect(-label.width / 2 - 10, -15, label.width + 20, 30, 15)
        .fill({ color })
        .stroke({ width: 2, color: 0x1a1008 });
      badge.addChild(plate, label);
      badge.position.set(Math.min(this.width - label.width / 2 - 14, bx + CELL * 0.28), by + CELL * 0.32);
      this.winLayer.addChild(badge);
    });
    this.winLayer.addChildAt(g, 0);
    this.pulsing = [];
    for (const line of lines)
      for (const [reel, row] of line.cells) {
        const sprite = this.spriteAt(reel, row);
        if (sprite) this.pulsing.push(sprite);
      }
  }

  private spriteAt(reel: number, row: number): Sprite | undefined {
    const found = this.reels[reel];
    // At rest (pos 0) sprite j shows item 1 − j, so row r is sprite r + 1.
    return found?.sprites[row + 1];
  }

  /** The win: lines at once, then one by one; a banner counting up for the bigger tiers. Resolves when the count is done. */
  showWin(win: WinShow): Promise<void> {
    this.clearWin();
    this.winUntil = performance.now() + Math.max(2500, Math.min(win.lines.length, 4) * 2 * 1400);
    if (win.lines.length > 0) {
      this.drawLines(win.lines);
      this.options.canvas.dataset.lines = String(win.lines.length);
      if (win.lines.length > 1) this.lineCycle = { lines: win.lines, next: performance.now() + 1600, index: 0 };
    }
    if (win.tier === 0) return Promise.resolve();
    const reduced = this.options.reducedMotion;
    const duration = reduced ? 400 : [0, 900, 1800, 2800][win.tier]!;
    const { accent, frame } = this.options.theme;
    const banner = new Container();
    banner.position.set(this.width / 2, PAD_TOP + (this.options.rows * CELL) / 2);
    const dim = new Graphics().rect(-this.width / 2, -this.height / 2, this.width, this.height).fill({ color: 0x000000, alpha: win.tier >= 2 ? 0.45 : 0.2 });
    const title = new Text({
      text: win.title.toUpperCase(),
      style: {
        fontFamily: 'system-ui, sans-serif',
        fontWeight: '900',
        fontSize: win.tier >= 2 ? 54 : 34,
        fill: 0xffe14a,
        letterSpacing: 3,
        stroke: { color: 0x5a2a00, width: 7, join: 'round' },
        dropShadow: { color: accent, alpha: 0.8, blur: 12, distance: 0 },
      },
      resolution: 2,
    });
    title.anchor.set(0.5);
    title.y = win.tier >= 2 ? -30 : -22;
    const amount = new Text({
      text: win.amountAt(0),
      style: {
        fontFamily: 'system-ui, sans-serif',
        fontWeight: '900',
        fontSize: win.tier >= 2 ? 44 : 30,
        fill: 0xffffff,
        stroke: { color: 0x1a1008, width: 6, join: 'round' },
      },
      resolution: 2,
    });
    amount.anchor.set(0.5);
    amount.y = win.tier >= 2 ? 28 : 18;
    // On a narrow cabinet (three reels) or in a longer language the words shrink to fit the plate.
    const plateWidth = Math.min(this.width - 40, Math.max(title.width, 220) + 80);
    for (const text of [title, amount]) text.scale.set(Math.min(1, (plateWidth - 36) / text.width));
    const plate = new Graphics();
    plate
      .roundRect(-plateWidth / 2, -70, plateWidth, 130, 26)
      .fill({ color: 0x000000, alpha: 0.55 })
      .stroke({ width: 4, color: frame });
    banner.addChild(dim, plate, title, amount);
    if (win.tier >= 2 && !reduced) banner.addChild(this.coinShower(win.tier));
    this.overlay.addChild(banner);
    this.options.canvas.dataset.banner = BANNERS[Math.min(3, win.tier)];
    banner.scale.set(reduced ? 1 : 0.3);
    this.tweens.push({ start: performance.now(), duration: reduced ? 1 : 420, step: (p) => banner.scale.set(reduced ? 1 : 0.3 + 0.7 * backOut(p)) });
    if (win.tier >= 3 && !reduced) {
      this.shakeUntil = performance.now() + 600;
      this.showing('shake');
    }
    return new Promise((resolve) => {
      this.tweens.push({
        start: performance.now(),
        duration,
        step: (p) => {
          amount.text = win.amountAt(cubicOut(p));
        },
        done: () => {
          amount.text = win.amountAt(1);
          this.tweens.push({
            start: performance.now() + (reduced ? 1500 : 1400 + win.tier * 600),
            duration: 350,
            step: (p) => {
              banner.alpha = 1 - p;
            },
            done: () => {
              if (banner.destroyed) return;
              banner.destroy({ children: true });
              delete this.options.canvas.dataset.banner;
            },
          });
          resolve();
        },
      });
    });
  }

  private coinShower(tier: number): Container {
    const box = new Container();
    const count = tier >= 3 ? 46 : 24;
    const coins: { g: Graphics; vx: number; vy: number; spin: number }[] = [];
    for (let i = 0; i < count; i++) {
      const g = new Graphics().circle(0, 0, 9).fill({ color: 0xf2b705 }).stroke({ width: 2, color: 0xa86b00 });
      g.circle(-3, -3, 3).fill({ color: 0xfff2c0 });
      g.position.set(0, 10);
      box.addChild(g);
      const angle = -Math.PI / 2 + (Math.random() - 0.5) * 2.2;
      const speed = 0.35 + Math.random() * 0.45;
      coins.push({ g, vx: Math.cos(angle) * speed, vy: Math.sin(angle) * speed, spin: Math.random() * 0.02 });
    }
    this.tweens.push({
      start: performance.now(),
      duration: 2600,
      step: (p) => {
        const t = p * 2600;
        for (const coin of coins) {
          coin.g.position.set(coin.vx * t, 10 + coin.vy * t + 0.0006 * t * t);
          coin.g.scale.x = Math.cos(t * coin.spin * 6);
        }
      },
    });
    return box;
  }

  /** The free-spin intro: a banner over the dimmed reels. */
  freeSpinsIntro(heading: string, line: string): Promise<void> {
    this.clearWin();
    const reduced = this.options.reducedMotion;
    const { frame, accent } = this.options.theme;
    const box = new Container();
    box.position.set(this.width / 2, PAD_TOP + (this.options.rows * CELL) / 2);
    const dim = new Graphics().rect(-this.width / 2, -this.height / 2, this.width, this.height).fill({ color: 0x000000, alpha: 0.6 });
    const rays = new Graphics();
    for (let i = 0; i < 16; i++) {
      const a = (i * Math.PI) / 8;
      rays
        .poly([0, 0, Math.cos(a - 0.09) * 600, Math.sin(a - 0.09) * 600, Math.cos(a + 0.09) * 600, Math.sin(a + 0.09) * 600])
        .fill({ color: accent, alpha: 0.16 });
    }
    const top = new Text({
      text: heading.toUpperCase(),
      style: { fontFamily: 'system-ui, sans-serif', fontWeight: '800', fontSize: 24, fill: 0xffffff, letterSpacing: 4 },
      resolution: 2,
    });
    top.anchor.set(0.5);
    top.y = -40;
    const big = new Text({
      text: line.toUpperCase(),
      style: {
        fontFamily: 'system-ui, sans-serif',
        fontWeight: '900',
        fontSize: 46,
        fill: 0xffe14a,
        stroke: { color: 0x5a2a00, width: 7, join: 'round' },
        dropShadow: { color: accent, alpha: 0.9, blur: 14, distance: 0 },
      },
      resolution: 2,
    });
    big.anchor.set(0.5);
    big.y = 14;
    // One line each, shrunk to fit the plate: a wrapped line ("10 бесплатни / вртења") would run
    // into the heading above it.
    const plateWidth = Math.min(this.width - 30, big.width + 80);
    const fit = Math.min(1, (plateWidth - 50) / big.width);
    top.scale.set(Math.min(1, (plateWidth - 50) / top.width));
    big.scale.set(fit);
    // As tall as the cabinet leaves room for below the reels' middle, its border and its appearing
    // overshoot (about 4 %) included: a one-row cabinet (a classic slot) is shorter than the plate.
    const plateHeight = Math.min(160, 2 * ((this.height - box.y) / 1.05 - 4));
    const plate = new Graphics()
      .roundRect(-plateWidth / 2, -plateHeight / 2, plateWidth, plateHeight, 28)
      .fill({ color: 0x000000, alpha: 0.5 })
      .stroke({ width: 5, color: frame });
    box.addChild(dim, rays, plate, top, big);
    this.overlay.addChild(box);
    this.showing('free-spin-intro');
    const duration = reduced ? 900 : 2000;
    return new Promise((resolve) => {
      this.tweens.push({
        start: performance.now(),
        duration,
        step: (p) => {
          rays.rotation = reduced ? 0 : p * 0.8;
          const appear = Math.min(1, p * 5);
          plate.scale.set(reduced ? 1 : 0.4 + 0.6 * backOut(appear));
          big.scale.set(fit * (reduced ? 1 : (0.4 + 0.6 * backOut(appear)) * (1 + 0.04 * Math.sin(p * 20))));
          box.alpha = p > 0.85 ? 1 - (p - 0.85) / 0.15 : 1;
        },
        done: () => {
          box.destroy({ children: true });
          this.ended('free-spin-intro');
          resolve();
        },
      });
    });
  }

  /** The crest's text: the free spin being played, else the title's name. */
  caption(text: string | null): void {
    this.wake();
    this.crest.text = (text ?? this.options.name).toUpperCase();
    this.crest.style.fill = text ? 0xffe14a : 0xffe9a8;
    const room = Math.min(this.options.reels * CELL * 0.5, 260) - 44;
    this.crest.scale.set(Math.min(1, room / Math.max(1, this.crest.width / this.crest.scale.x)));
  }
}
