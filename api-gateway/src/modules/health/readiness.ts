import type { RequestHandler } from 'express';
import { gatewayReady } from '../../metrics/gateway-metrics';

/**
 * Issue 52: a gateway asked to stop drains. It answers not ready (so a balancer that asks stops sending it
 * work) and closes each keep-alive connection after its next answer (`Connection: close`), so a proxy opens
 * its next connection elsewhere instead of sending on one this gateway is about to close.
 */
let draining = false;

export function startDraining(): void {
  draining = true;
  gatewayReady.set(0);
}

export function isDraining(): boolean {
  return draining;
}

/** While draining, every answer closes its connection. */
export function closeConnectionsWhileDraining(): RequestHandler {
  return (_req, res, next) => {
    if (draining) res.setHeader('Connection', 'close');
    next();
  };
}
