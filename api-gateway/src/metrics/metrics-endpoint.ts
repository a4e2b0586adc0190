import cluster from 'node:cluster';
import { timingSafeEqual, createHash } from 'node:crypto';
import http from 'node:http';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import { AggregatorRegistry, Registry, register } from 'prom-client';

/**
 * Issue 52: GET /metrics is not public. It is served on a port of its own (METRICS_PORT, on METRICS_HOST:
 * loopback by default), and on the gateway's own port only to a bearer of METRICS_TOKEN; anyone else gets the
 * 404 of a route that does not exist. Under the supervisor one scrape sees every worker: the primary asks each
 * worker for its registry and adds them up (prom-client's AggregatorRegistry), and a worker asked on the
 * gateway's port asks the primary.
 */

const SCRAPE_REQUEST = 'portal:metrics-scrape';
const SCRAPE_ANSWER = 'portal:metrics';

interface ScrapeMessage {
  type: typeof SCRAPE_REQUEST | typeof SCRAPE_ANSWER;
  id: number;
  text?: string;
  error?: string;
}

/** The supervisor's own series (worker restarts) and the aggregator over its workers; primary only. */
let aggregator: AggregatorRegistry<typeof Registry.PROMETHEUS_CONTENT_TYPE> | undefined;
export const supervisorRegistry = new Registry();

/** The Prometheus text of this gateway: every worker under a supervisor, else this process. */
export async function scrape(): Promise<string> {
  if (cluster.isPrimary && aggregator) {
    const [workers, own] = await Promise.all([aggregator.clusterMetrics(), supervisorRegistry.metrics()]);
    return `${workers}${own}`;
  }
  if (cluster.isWorker) return askPrimary();
  return register.metrics();
}

/** In the supervisor: answers scrapes from workers (the gateway's port, with the token). */
export function aggregateWorkers(): void {
  aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: ScrapeMessage) => {
    if (message?.type !== SCRAPE_REQUEST) return;
    scrape().then(
      (text) => worker.send({ type: SCRAPE_ANSWER, id: message.id, text }),
      (error: unknown) => worker.send({ type: SCRAPE_ANSWER, id: message.id, error: String(error) }),
    );
  });
}

/** In a worker: answers the supervisor's requests for this worker's registry. */
export function answerSupervisorScrapes(): void {
  // Constructing one in a worker is what adds prom-client's listener for the primary's requests.
  new AggregatorRegistry();
}

let nextScrape = 0;
const waiting = new Map<number, { resolve: (text: string) => void; reject: (error: Error) => void }>();
function askPrimary(): Promise<string> {
  if (waiting.size === 0 && nextScrape === 0) {
    process.on('message', (message: ScrapeMessage) => {
      if (message?.type !== SCRAPE_ANSWER) return;
      const pending = waiting.get(message.id);
      waiting.delete(message.id);
      if (message.error !== undefined) pending?.reject(new Error(message.error));
      else pending?.resolve(message.text ?? '');
    });
  }
  const id = ++nextScrape;
  return new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      waiting.delete(id);
      reject(new Error('the supervisor did not answer the scrape'));
    }, 10_000);
    waiting.set(id, {
      resolve: (text) => {
        clearTimeout(timer);
        resolve(text);
      },
      reject: (error) => {
        clearTimeout(timer);
        reject(error);
      },
    });
    process.send?.({ type: SCRAPE_REQUEST, id });
  });
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether an Authorization header carries the token (compared in constant time). */
export function bearerOf(header: string | undefined, token: string | undefined): boolean {
  if (!token || !header?.startsWith('Bearer ')) return false;
  return timingSafeEqual(digest(header.slice('Bearer '.length).trim()), digest(token));
}

/** GET /metrics on the gateway's own port: the scrape to a bearer of the token, else a 404 like any unknown path. */
export function metricsOnGatewayPort(token: string | undefined): RequestHandler {
  return (req, res, next) => {
    if (!bearerOf(req.headers.authorization, token)) {
      res.status(404).set('Cache-Control', 'no-store').json({ message: 'Not found.' });
      return;
    }
    scrape().then(
      (text) =>
        res.status(200).set({ 'Cache-Control': 'no-store', 'Content-Type': register.contentType }).end(text),
      next,
    );
  };
}

/** The metrics port: GET /metrics, nothing else. Resolves once it listens. */
export function startMetricsServer(
  options: { host: string; port: number },
  logger: Logger,
): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (req.method !== 'GET' || path !== '/metrics') {
      res
        .writeHead(404, { 'Content-Type': 'application/json; charset=utf-8' })
        .end('{"message":"Not found."}');
      return;
    }
    scrape().then(
      (text) => res.writeHead(200, { 'Content-Type': register.contentType }).end(text),
      (error: unknown) => {
        logger.error({ err: error }, 'metrics scrape failed');
        res
          .writeHead(500, { 'Content-Type': 'application/json; charset=utf-8' })
          .end('{"message":"The metrics could not be gathered."}');
      },
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}
