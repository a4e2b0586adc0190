import express from 'express';
import request from 'supertest';
import { isDatabaseUnavailable } from '../../db/database';
import { DATABASE_UNAVAILABLE_MESSAGE, errorHandler } from '../errors';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

test.each([
  ['refused', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
  ['reset', withCode('read ECONNRESET', 'ECONNRESET')],
  ['server shutting down', withCode('terminating connection due to administrator command', '57P01')],
  ['server starting', withCode('the database system is starting up', '57P03')],
  ['connection exception', withCode('connection failure', '08006')],
  ['cut mid-query', new Error('Connection terminated unexpectedly')],
  ['no connection in time', new Error('timeout exceeded when trying to connect')],
])('a database that cannot be reached (%s) answers 503 with a message', async (_name, error) => {
  expect(isDatabaseUnavailable(error)).toBe(true);
  const app = express();
  app.get('/', (_req, _res, next) => next(error));
  app.use(errorHandler);
  const res = await request(app).get('/');
  expect(res.status).toBe(503);
  expect(res.body).toEqual({ message: DATABASE_UNAVAILABLE_MESSAGE });
  expect(res.headers['retry-after']).toBe('5');
});

test('a failing statement is not an outage: still 500', async () => {
  const error = withCode('duplicate key value violates unique constraint', '23505');
  expect(isDatabaseUnavailable(error)).toBe(false);
  expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
  const app = express();
  app.get('/', (_req, _res, next) => next(error));
  app.use(errorHandler);
  expect((await request(app).get('/')).status).toBe(500);
});
