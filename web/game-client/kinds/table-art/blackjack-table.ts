/**
 * The blackjack table on PixiJS: the felt with its printed rules, the shoe, and the cards as the
 * round shows them. `show` compares what is on the felt with the round's view: a new card slides
 * out of the shoe to its place (one after another), the dealer's hole card flips over when it is
 * revealed, the cards of a split hand move to their new places, and each hand carries its total and,
 * once settled, its outcome. Everything moves on the stage's ticker, which stops while the felt rests;
 * with reduced motion cards appear in place. The accessible account of the hands stays in the DOM
 * beside the canvas.
 *
 * A card costs little to deal: its paper (or back) is one texture drawn when the table opens, shared
 * by every card, and its rank and suit are bitmap text from two glyph sheets made then too, so a new
 * card renders no text and no texture, and a frame of the deal draws a handful of sprites in one
 * batch. (Cards used to be Text objects cached into a multisampled texture each, made as they were
 * dealt.)
 */
import { BitmapFont, BitmapText, Container, FillGradient, Graphics, Rectangle, Sprite, Text, type Texture } from 'pixi.js';
import { eased, stageResolution, stepTweens, TableStage, TEXT_RESOLUTION, type Tween } from './stage';

const WIDTH = 640;
const HEIGHT = 380;
const CARD_W = 72;
const CARD_H = 102;
const FAN = 26;
const SHOE = { x: 572, y: 30 };
const DEALER_Y = 58;
const PLAYER_Y = 236;
const DEAL_MS = 300;
const STAGGER_MS = 190;
const FLIP_MS = 300;

const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
const SUITS = ['♠', '♥', '♦', '♣'];

export interface TableHand {
  cards: readonly (number | null)[];
  total: string;
  active: boolean;
  /** The settled outcome's words and whether it paid. */
  outcome?: { text: string; won: boolean };
}

export interface TableView {
  dealer: readonly (number | null)[];
  dealerTotal: string;
  hands: TableHand[];
}

interface CardSprite {
  view: Container;
  card: number | null;
}

const FONT = 'system-ui, sans-serif';
/** The glyph sheets of the cards' corners and middles: white glyphs, tinted to the suit's ink. */
const CORNER_FONT = 'emerald-bj-corner';
const MIDDLE_FONT = 'emerald-bj-middle';
const CARD_CHARS = `${RANKS.join('')}${SUITS.join('')}`;

/** The textures every card is drawn from, made once when the table opens. */
interface CardArt {
  /** Paper with its shadow; a court card's has the picture's frame, red or black. */
  plain: Texture;
  courtRed: Texture;
  courtBlack: Texture;
  back: Texture;
  /** Where the textures' top left corner sits from the card's (the shadow and strokes reach out). */
  offset: { x: number; y: number };
}

function shadow(g: Graphics): Graphics {
  return g.roundRect(2, 4, CARD_W, CARD_H, 8).fill({ color: 0x000000, alpha: 0.35 });
}

function drawPaper(court: 'red' | 'black' | null): Graphics {
  const g = shadow(new Graphics()).roundRect(0, 0, CARD_W, CARD_H, 7).fill(0xfbfaf5).stroke({ width: 1, color: 0xb8b2a0 });
  if (court)
    g.roundRect(20, 22, CARD_W - 40, CARD_H - 44, 4)
      .fill({ color: court === 'red' ? 0xfde2e2 : 0xe3e8f2 })
      .stroke({ width: 1.5, color: 0xc9a13b });
  return g;
}

let cardFontsInstalled = false;

function installCardFonts(): void {
  if (cardFontsInstalled) return;
  cardFontsInstalled = true;
  BitmapFont.install({
    name: CORNER_FONT,
    style: { fontFamily: FONT, fontWeight: '800', fontSize: 17, fill: 0xffffff },
    chars: CARD_CHARS,
    resolution: TEXT_RESOLUTION,
    padding: 2,
  });
  BitmapFont.install({
    name: MIDDLE_FONT,
    style: { fontFamily: FONT, fontWeight: '800', fontSize: 36, fill: 0xffffff },
    chars: CARD_CHARS,
    resolution: TEXT_RESOLUTION,
    padding: 2,
  });
}

function glyphs(text: string, font: string, size: number, ink: number): BitmapText {
  const label = new BitmapText({ text, style: { fontFamily: font, fontSize: size } });
  label.tint = ink;
  return label;
}

function drawFace(card: number, art: CardArt): Container {
  const face = new Container();
  const suitIndex = Math.floor(card / 13) % 4;
  const red = suitIndex === 1 || suitIndex === 2;
  const ink = red ? 0xc0262d : 0x151922;
  const rank = RANKS[card % 13]!;
  const suit = SUITS[suitIndex]!;
  const court = card % 13 >= 10;
  const paper = new Sprite(court ? (red ? art.courtRed : art.courtBlack) : art.plain);
  paper.position.set(art.offset.x, art.offset.y);
  face.addChild(paper);
  const corner = (x: number, y: number, rotation: number) => {
    const box = new Container();
    const r = glyphs(rank, CORNER_FONT, 17, ink);
    const s = glyphs(suit, CORNER_FONT, 14, ink);
    r.anchor.set(0.5, 0);
    s.anchor.set(0.5, 0);
    s.y = 17;
    box.addChild(r, s);
    box.position.set(x, y);
    box.rotation = rotation;
    face.addChild(box);
  };
  corner(12, 5, 0);
  corner(CARD_W - 12, CARD_H - 5, Math.PI);
  const middle = glyphs(court ? rank : suit, MIDDLE_FONT, court ? 30 : 36, ink);
  middle.anchor.set(0.5);
  middle.position.set(CARD_W / 2, CARD_H / 2);
  face.addChild(middle);
  return face;
}

function drawBack(): Graphics {
  const g = new Graphics().roundRect(0, 0, CARD_W, CARD_H, 7).fill(0xfbfaf5);
  g.roundRect(4, 4, CARD_W - 8, CARD_H - 8, 5).fill(0x8c1c2b);
  for (let x = -CARD_H; x < CARD_W; x += 9) {
    g.moveTo(4 + Math.max(0, x), 4 + Math.max(0, -x))
      .lineTo(4 + Math.min(CARD_W - 8, x + CARD_H - 8), 4 + Math.min(CARD_H - 8, CARD_H - 8 - x))
      .stroke({ width: 1, color: 0xd9a441, alpha: 0.35 });
  }
  g.roundRect(4, 4, CARD_W - 8, CARD_H - 8, 5).stroke({ width: 1.5, color: 0xd9a441 });
  g.circle(CARD_W / 2, CARD_H / 2, 12)
    .fill(0x8c1c2b)
    .stroke({ width: 2, color: 0xf2cf6b });
  return g;
}

function cardView(card: number | null, art: CardArt): Container {
  let view: Container;
  if (card === null) {
    view = new Container();
    const back = new Sprite(art.back);
    back.position.set(art.offset.x, art.offset.y);
    view.addChild(back);
  } else {
    view = drawFace(card, art);
  }
  view.pivot.set(CARD_W / 2, CARD_H / 2);
  return view;
}

export class BlackjackTable {
  private stage!: TableStage;
  private art!: CardArt;
  private cardLayer = new Container();
  private labelLayer = new Container();
  private dealerCards: CardSprite[] = [];
  private handCards: CardSprite[][] = [];
  private tweens: Tween[] = [];

  private constructor(
    private readonly canvas: HTMLCanvasElement,
    private readonly reducedMotion: boolean,
    private readonly labels: { dealer: string; player: string; rules: string },
  ) {}

  static async create(canvas: HTMLCanvasElement, reducedMotion: boolean, labels: { dealer: string; player: string; rules: string }): Promise<BlackjackTable> {
    const table = new BlackjackTable(canvas, reducedMotion, labels);
    await table.init();
    return table;
  }

  private async init(): Promise<void> {
    this.stage = await TableStage.start(this.canvas, {
      width: WIDTH,
      height: HEIGHT,
      antialias: false,
      background: 0x06331f,
      reducedMotion: this.reducedMotion,
      frame: (now) => stepTweens(this.tweens, now),
    });
    this.art = this.cardArt();
    installCardFonts();
    const felt = this.felt();
    // The felt does not change: drawn once into a texture.
    felt.cacheAsTexture({ resolution: stageResolution(), antialias: true });
    this.stage.app.stage.addChild(felt, this.cardLayer, this.labelLayer);
    this.stage.wake();
  }

  /** The paper and back of the cards, drawn once (antialiased) into textures every card shares. */
  private cardArt(): CardArt {
    const renderer = this.stage.app.renderer;
    const plain = drawPaper(null);
    const bounds = plain.getLocalBounds();
    // Every texture spans the plain paper's box (whole pixels), so one offset places them all.
    const frame = new Rectangle(Math.floor(bounds.minX), Math.floor(bounds.minY), 0, 0);
    frame.width = Math.ceil(bounds.maxX) - frame.x;
    frame.height = Math.ceil(bounds.maxY) - frame.y;
    const texture = (g: Container) => {
      const texture = renderer.generateTexture({ target: g, frame, resolution: stageResolution(), antialias: true });
      g.destroy({ children: true });
      return texture;
    };
    const back = new Container();
    back.addChild(shadow(new Graphics()), drawBack());
    return {
      plain: texture(plain),
      courtRed: texture(drawPaper('red')),
      courtBlack: texture(drawPaper('black')),
      back: texture(back),
      offset: { x: frame.x, y: frame.y },
    };
  }

  private felt(): Container {
    const box = new Container();
    const cloth = new FillGradient({
      type: 'radial',
      center: { x: 0.5, y: 0.35 },
      innerRadius: 0,
      outerCenter: { x: 0.5, y: 0.4 },
      outerRadius: 0.75,
      colorStops: [
        { offset: 0, color: 0x14804f },
        { offset: 0.6, color: 0x0b5d3b },
        { offset: 1, color: 0x053220 },
      ],
      textureSpace: 'local',
    });
    const g = new Graphics().rect(0, 0, WIDTH, HEIGHT).fill(cloth);
    // the printed arc and the betting boxes
    const arc = (radius: number, from: number, to: number) =>
      g.moveTo(WIDTH / 2 + radius * Math.cos(from), -260 + radius * Math.sin(from)).arc(WIDTH / 2, -260, radius, from, to);
    arc(470, Math.PI * 0.33, Math.PI * 0.67).stroke({ width: 2, color: 0xf2cf6b, alpha: 0.55 });
    arc(500, Math.PI * 0.35, Math.PI * 0.65).stroke({ width: 1, color: 0xf2cf6b, alpha: 0.35 });
    g.roundRect(WIDTH / 2 - 44, PLAYER_Y + 60, 88, 48, 24).stroke({ width: 2, color: 0xf2cf6b, alpha: 0.35 });
    // the shoe
    g.roundRect(SHOE.x - 40, SHOE.y - 26, 88, 70, 8).fill({ color: 0x000000, alpha: 0.35 });
    g.roundRect(SHOE.x - 44, SHOE.y - 30, 88, 70, 8)
      .fill(0x2a1a10)
      .stroke({ width: 2, color: 0xc8962e });
    box.addChild(g);
    const peek = drawBack();
    peek.scale.set(0.7);
    peek.rotation = -0.18;
    peek.position.set(SHOE.x - 30, SHOE.y - 22);
    box.addChild(peek);
    const rules = new Text({
      text: this.labels.rules,
      style: { fontFamily: FONT, fontWeight: '700', fontSize: 15, fill: 0xf2cf6b, letterSpacing: 3 },
      resolution: TEXT_RESOLUTION,
    });
    rules.alpha = 0.75;
    rules.anchor.set(0.5);
    rules.position.set(WIDTH / 2, 196);
    box.addChild(rules);
    return box;
  }

  private animate(duration: number, step: (p: number) => void, delay = 0): Promise<void> {
    this.stage.wake();
    return new Promise((resolve) => {
      this.tweens.push({ start: performance.now() + delay, duration, step, done: resolve });
    });
  }

  /** Where card `index` of a row of `count` cards sits, centred on `cx`. */
  private place(cx: number, y: number, index: number, count: number): { x: number; y: number } {
    const width = CARD_W + FAN * (count - 1);
    return { x: cx - width / 2 + CARD_W / 2 + index * FAN, y: y + CARD_H / 2 };
  }

  private handCentre(hand: number, hands: number): number {
    if (hands <= 1) return WIDTH / 2;
    const span = Math.min(WIDTH - 160, hands * 190);
    return WIDTH / 2 - span / 2 + (span / hands) * (hand + 0.5);
  }

  /** Deals out of the shoe: slides a new card to its place, turning from a slight tilt. */
  private deal(sprite: CardSprite, to: { x: number; y: number }, delay: number): Promise<void> {
    this.cardLayer.addChild(sprite.view);
    if (this.reducedMotion) {
      sprite.view.position.set(to.x, to.y);
      return Promise.resolve();
    }
    sprite.view.position.set(SHOE.x, SHOE.y + 10);
    sprite.view.rotation = -0.5;
    sprite.view.scale.set(0.7);
    sprite.view.visible = false;
    return this.animate(
      DEAL_MS,
      (p) => {
        const e = eased.cubicOut(p);
        sprite.view.visible = true;
        sprite.view.position.set(SHOE.x + (to.x - SHOE.x) * e, SHOE.y + 10 + (to.y - SHOE.y - 10) * e);
        sprite.view.rotation = -0.5 * (1 - e);
        sprite.view.scale.set(0.7 + 0.3 * e);
      },
      delay,
    );
  }

  private move(sprite: CardSprite, to: { x: number; y: number }): Promise<void> {
    const from = { x: sprite.view.x, y: sprite.view.y };
    if (this.reducedMotion || (from.x === to.x && from.y === to.y)) {
      sprite.view.position.set(to.x, to.y);
      return Promise.resolve();
    }
    return this.animate(DEAL_MS, (p) => {
      const e = eased.cubicInOut(p);
      sprite.view.position.set(from.x + (to.x - from.x) * e, from.y + (to.y - from.y) * e);
    });
  }

  /** Turns a card over to `card`: it narrows to its edge, changes face and widens again. */
  private flip(sprite: CardSprite, card: number | null, delay: number): Promise<void> {
    const replace = () => {
      const next = cardView(card, this.art);
      next.position.copyFrom(sprite.view.position);
      const index = this.cardLayer.getChildIndex(sprite.view);
      sprite.view.destroy({ children: true });
      sprite.view = next;
      sprite.card = card;
      this.cardLayer.addChildAt(next, index);
    };
    if (this.reducedMotion) {
      replace();
      return Promise.resolve();
    }
    return this.animate(
      FLIP_MS,
      (p) => {
        if (p < 0.5) {
          sprite.view.scale.x = 1 - eased.quadOut(p * 2);
          sprite.view.scale.y = 1 + 0.06 * p * 2;
        } else {
          if (sprite.card !== card) replace();
          sprite.view.scale.x = eased.quadOut((p - 0.5) * 2);
          sprite.view.scale.y = 1 + 0.06 * (1 - (p - 0.5) * 2);
        }
      },
      delay,
    );
  }

  /** Brings the felt to `view` (`fresh`: a new round, the old cards swept first); resolves when every card has arrived. */
  async show(view: TableView, fresh = false): Promise<void> {
    this.stage.wake();
    const moves: Promise<void>[] = [];
    let delay = 0;
    const next = () => {
      const at = delay;
      delay += this.reducedMotion ? 0 : STAGGER_MS;
      return at;
    };
    if (fresh) await this.clear();

    const hands = view.hands.length;
    // A split: the second card of the hand split opens the next hand.
    if (hands > this.handCards.length && this.handCards.length > 0) {
      for (let h = 0; h < this.handCards.length && this.handCards.length < hands; h++) {
        const row = this.handCards[h]!;
        if (row.length >= 2 && view.hands[h]?.cards[1] !== row[1]!.card && view.hands[h + 1]?.cards[0] === row[1]!.card)
          this.handCards.splice(h + 1, 0, row.splice(1));
      }
    }
    while (this.handCards.length < hands) this.handCards.push([]);
    // Any card that is not what the view shows turns over to it.
    this.handCards.forEach((row, h) =>
      row.forEach((sprite, i) => {
        const card = view.hands[h]?.cards[i];
        if (card !== undefined && card !== sprite.card) moves.push(this.flip(sprite, card, 0));
      }),
    );

    // Deal order at the start of a round: player, dealer, player, dealer.
    const order: { sprite: CardSprite; to: () => { x: number; y: number }; flipTo?: number | null }[] = [];
    const longest = Math.max(view.dealer.length, ...view.hands.map((hand) => hand.cards.length));
    for (let i = 0; i < longest; i++) {
      view.hands.forEach((hand, h) => {
        const card = hand.cards[i];
        if (card === undefined) return;
        const row = this.handCards[h]!;
        if (!row[i]) {
          row[i] = { view: cardView(card, this.art), card };
          const sprite = row[i]!;
          order.push({ sprite, to: () => this.place(this.handCentre(h, hands), PLAYER_Y, i, hand.cards.length) });
        }
      });
      const card = view.dealer[i];
      if (card !== undefined && !this.dealerCards[i]) {
        this.dealerCards[i] = { view: cardView(card, this.art), card };
        const sprite = this.dealerCards[i]!;
        order.push({ sprite, to: () => this.place(WIDTH / 2, DEALER_Y, i, view.dealer.length) });
      }
    }

    // Existing cards move to where the new counts put them.
    this.handCards.forEach((row, h) =>
      row.forEach((sprite, i) => {
        if (order.some((entry) => entry.sprite === sprite)) return;
        moves.push(this.move(sprite, this.place(this.handCentre(h, hands), PLAYER_Y, i, view.hands[h]?.cards.length ?? row.length)));
      }),
    );
    // The hole card turns over before the dealer draws.
    const hole = this.dealerCards[1];
    if (hole && hole.card === null && view.dealer[1] !== null && view.dealer[1] !== undefined) {
      moves.push(this.flip(hole, view.dealer[1], next()));
      delay += this.reducedMotion ? 0 : FLIP_MS;
    }
    this.dealerCards.forEach((sprite, i) => {
      if (order.some((entry) => entry.sprite === sprite)) return;
      moves.push(this.move(sprite, this.place(WIDTH / 2, DEALER_Y, i, view.dealer.length)));
    });
    // Dealer draws after the hole card come slower, as a dealer's would.
    for (const entry of order) {
      const isDealerDraw = this.dealerCards.indexOf(entry.sprite) >= 2;
      if (isDealerDraw && !this.reducedMotion) delay += 220;
      moves.push(this.deal(entry.sprite, entry.to(), next()));
    }
    this.drawLabels(view, false);
    await Promise.all(moves);
    this.drawLabels(view, true);
  }

  /** Totals under each hand and, once settled, each hand's outcome; `final` when the cards have landed. */
  private drawLabels(view: TableView, final: boolean): void {
    this.stage.wake();
    this.labelLayer.removeChildren().forEach((child) => child.destroy({ children: true }));
    if (!final) return;
    const pill = (text: string, x: number, y: number, fill: number, color: number) => {
      const label = new Text({ text, style: { fontFamily: FONT, fontWeight: '800', fontSize: 15, fill: color }, resolution: TEXT_RESOLUTION });
      label.anchor.set(0.5);
      const w = label.width + 20;
      const box = new Container();
      box.addChild(
        new Graphics()
          .roundRect(-w / 2, -13, w, 26, 13)
          .fill({ color: fill, alpha: 0.92 })
          .stroke({ width: 1.5, color: 0xf2cf6b }),
        label,
      );
      box.position.set(x, y);
      this.labelLayer.addChild(box);
      return box;
    };
    if (view.dealer.length > 0) pill(`${this.labels.dealer} ${view.dealerTotal}`, WIDTH / 2, DEALER_Y + CARD_H + 18, 0x0b1f17, 0xffffff);
    view.hands.forEach((hand, h) => {
      const cx = this.handCentre(h, view.hands.length);
      if (hand.active) {
        const width = CARD_W + FAN * (hand.cards.length - 1) + 16;
        const ring = new Graphics().roundRect(cx - width / 2, PLAYER_Y - 8, width, CARD_H + 16, 10).stroke({ width: 3, color: 0xfcd34d });
        this.labelLayer.addChild(ring);
      }
      pill(hand.total, cx, PLAYER_Y + CARD_H + 20, 0x0b1f17, 0xffffff);
      if (hand.outcome) {
        // stamped across the hand's cards
        const badge = pill(
          hand.outcome.text.toUpperCase(),
          cx,
          PLAYER_Y + CARD_H / 2,
          hand.outcome.won ? 0xb7791f : 0x4a1d1d,
          hand.outcome.won ? 0xfff7d6 : 0xfecaca,
        );
        badge.rotation = -0.1;
        if (!this.reducedMotion) void this.animate(320, (p) => badge.scale.set(1.3 * eased.backOut(p)));
        else badge.scale.set(1.3);
      }
    });
  }

  /** Sweeps the cards off the felt towards the dealer's side. */
  private async clear(): Promise<void> {
    const all = [...this.dealerCards, ...this.handCards.flat()];
    this.dealerCards = [];
    this.handCards = [];
    this.labelLayer.removeChildren().forEach((child) => child.destroy({ children: true }));
    this.stage.wake();
    if (all.length === 0) return;
    if (!this.reducedMotion) {
      await Promise.all(
        all.map((sprite) => {
          const from = { x: sprite.view.x, y: sprite.view.y };
          return this.animate(260, (p) => {
            const e = eased.quadOut(p);
            sprite.view.position.set(from.x + (40 - from.x) * e, from.y + (30 - from.y) * e);
            sprite.view.alpha = 1 - e;
          });
        }),
      );
    }
    for (const sprite of all) sprite.view.destroy({ children: true });
    this.stage.wake();
  }

  destroy(): void {
    this.stage.destroy();
  }
}
