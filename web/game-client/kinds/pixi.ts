/**
 * PixiJS as the client's stages load it (with its CSP-safe shader compilation, `unsafe-eval`). The
 * page imports this module as it starts, beside the game's launch, so that Pixi is loaded or on its
 * way when a kind's stage needs it; only what the stages use is in the chunk, which the import of a
 * named export keeps so.
 */
import 'pixi.js/unsafe-eval';

export { Application, Text } from 'pixi.js';
