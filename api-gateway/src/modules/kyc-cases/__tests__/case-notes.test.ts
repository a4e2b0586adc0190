import request from 'supertest';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { bearer, createAffiliate, createStaffUser } from '../../../../test-support/affiliate-fixtures';

/** Issue 50: notes on an affiliate's KYC, for staff only; a note on a held case keeps its claim alive. */
let t: TestApp;
let ada: string;
let bola: string;

beforeAll(async () => {
  t = await createTestApp();
  ada = await bearer(t.ctx, await createStaffUser(t.ctx.db, 2, 'Ada Obi'));
  bola = await bearer(t.ctx, await createStaffUser(t.ctx.db, 2, 'Bola Bello'));
});
afterAll(() => t.close());

const notesOf = (token: string, id: number | string) =>
  request(t.app).get(`/api/backoffice/kyc/case/${id}/notes`).set('Authorization', token);
const addNote = (token: string, id: number | string, body: object) =>
  request(t.app).post(`/api/backoffice/kyc/case/${id}/notes`).set('Authorization', token).send(body);

test('staff write notes on a case and read them newest first, with their authors', async () => {
  const a = await createAffiliate(t.ctx.db);
  const first = await addNote(ada, a.affiliateId, {
    body: '  Selfie looks like a photo of a screen.\nAsked Bola.  ',
  });
  expect(first.status).toBe(201);
  expect(first.body).toMatchObject({
    message: 'Note added.',
    note: { body: 'Selfie looks like a photo of a screen.\nAsked Bola.', authorName: 'Ada Obi' },
  });
  t.advanceClock(1000);
  await addNote(bola, a.affiliateId, { body: 'Agreed: return the selfie.' });
  const notes = await notesOf(ada, a.affiliateId);
  expect(notes.status).toBe(200);
  expect(
    notes.body.map((note: { authorName: string; body: string }) => [note.authorName, note.body]),
  ).toEqual([
    ['Bola Bello', 'Agreed: return the selfie.'],
    ['Ada Obi', 'Selfie looks like a photo of a screen.\nAsked Bola.'],
  ]);
});

test('a note on a case the author holds starts its 30 minutes again', async () => {
  const a = await createAffiliate(t.ctx.db);
  await request(t.app).post(`/api/backoffice/kyc/case/${a.affiliateId}/claim`).set('Authorization', ada);
  t.advanceClock(25 * 60_000);
  await addNote(ada, a.affiliateId, { body: 'Still checking the bank name.' });
  t.advanceClock(25 * 60_000);
  const other = await request(t.app)
    .post(`/api/backoffice/kyc/case/${a.affiliateId}/claim`)
    .set('Authorization', bola);
  expect(other.status).toBe(409);
  expect(other.body).toEqual({ message: 'Ada Obi is reviewing this case.' });
});

test('the affiliate cannot read or write notes; hostile bodies are 4xx and nothing is stored', async () => {
  const a = await createAffiliate(t.ctx.db, { status: 'KYC Complete' });
  const own = await bearer(t.ctx, a.userId);
  expect((await notesOf(own, a.affiliateId)).status).toBe(403);
  expect((await addNote(own, a.affiliateId, { body: 'hello' })).status).toBe(403);
  for (const body of [
    {},
    { body: '' },
    { body: '   ' },
    { body: 'a\u0000b' },
    { body: 'x'.repeat(2001) },
    { body: 42 },
    [],
  ]) {
    const res = await addNote(ada, a.affiliateId, body);
    expect(res.status).toBe(400);
    expect(typeof res.body.message).toBe('string');
  }
  expect((await addNote(ada, 999999999, { body: 'ghost' })).status).toBe(404);
  expect((await notesOf(ada, 'abc')).status).toBe(400);
  expect((await notesOf(ada, a.affiliateId)).body).toEqual([]);
});
