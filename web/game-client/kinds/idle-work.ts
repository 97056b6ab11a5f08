/**
 * Ways for a game's start-up work to leave the page responsive: work cut into short tasks between
 * which the browser handles input and paints, work done only when the page has nothing else to do,
 * and a stage's first drawing done on a canvas outside the page, shown once the graphics processor
 * has carried it out. A stage that starts so never holds the main thread long enough to make a tap
 * wait.
 */

/** Ends the current task; resolves in a new one (the portal's start cuts its work the same way). */
export { yieldToPage } from '../../src/shared/yield-to-page';

/** Resolves when the browser is idle (at the latest after `timeoutMs`), for work nothing waits on. */
export function whenIdle(timeoutMs = 1000): Promise<void> {
  return new Promise((resolve) => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => resolve(), { timeout: timeoutMs });
    else window.setTimeout(resolve, 16);
  });
}

/**
 * Resolves once the graphics processor has carried out what `renderer` sent it (WebGL 2's fence,
 * polled between tasks), at once for other renderers. A stage draws its start on a canvas not yet in
 * the page and puts it there after this: in the page, its next frame would wait for all of that
 * drawing at once (on a phone without a usable GPU, where WebGL runs on the processor, seconds).
 *
 * The canvas's first pixel is then read back into a buffer the same way, fenced and polled. Where
 * the page is composited without a GPU, the compositor reads the canvas back on the main thread
 * before showing it; the first read-back of a drawing buffer is what carries out its deferred work
 * (on SwiftShader, over half a second), so done here, out of the page's frames, that later read
 * costs a few milliseconds. Where the GPU composites, it is a pixel's copy.
 */
export async function drawingDone(renderer: unknown): Promise<void> {
  const gl = (renderer as { gl?: WebGL2RenderingContext }).gl;
  if (!gl || typeof gl.fenceSync !== 'function') return;
  await fenced(gl);
  const pixel = gl.createBuffer();
  if (!pixel) return;
  try {
    const bound = gl.getParameter(gl.PIXEL_PACK_BUFFER_BINDING) as WebGLBuffer | null;
    const framebuffer = gl.getParameter(gl.FRAMEBUFFER_BINDING) as WebGLFramebuffer | null;
    gl.bindFramebuffer(gl.FRAMEBUFFER, null);
    gl.bindBuffer(gl.PIXEL_PACK_BUFFER, pixel);
    gl.bufferData(gl.PIXEL_PACK_BUFFER, 4, gl.STREAM_READ);
    // Into the bound buffer: the call returns at once, the fence below says when it is done.
    gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, 0);
    gl.bindBuffer(gl.PIXEL_PACK_BUFFER, bound);
    gl.bindFramebuffer(gl.FRAMEBUFFER, framebuffer);
    await fenced(gl);
  } finally {
    gl.deleteBuffer(pixel);
  }
}

/** Resolves when what `gl` was sent so far is carried out (its fence polled between tasks). */
async function fenced(gl: WebGL2RenderingContext): Promise<void> {
  const fence = gl.fenceSync(gl.SYNC_GPU_COMMANDS_COMPLETE, 0);
  if (!fence) return;
  gl.flush();
  try {
    // The fence's status changes between tasks only; a minute at most, should it never signal.
    for (let wait = 0; wait < 3600 && gl.getSyncParameter(fence, gl.SYNC_STATUS) !== gl.SIGNALED; wait++) {
      await new Promise((resolve) => window.setTimeout(resolve, 16));
    }
  } finally {
    gl.deleteSync(fence);
  }
}
