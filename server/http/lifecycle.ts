/**
 * Where a node is in its life, for the readiness probe and the gateway: serving, or draining after
 * SIGTERM (still finishing what it has, taking no new sockets, answering /readyz with 503 so a
 * balancer moves new work elsewhere).
 */
export interface Lifecycle {
  readonly draining: boolean;
  startDraining(): void;
}

export function createLifecycle(): Lifecycle {
  let draining = false;
  return {
    get draining() {
      return draining;
    },
    startDraining() {
      draining = true;
    },
  };
}
