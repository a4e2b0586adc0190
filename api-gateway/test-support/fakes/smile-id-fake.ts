import { createHmac, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readStoredZip } from '../../src/modules/identity-check/stored-zip';

/**
 * A local fake of Smile ID's v1 server API (the one its server libraries call), test code only. Every call must
 * carry `timestamp` and `signature` = base64 HMAC-SHA256(timestamp + partner id + "sid_request") under the API
 * key (401 `{ code: '2205', error: 'You are not authorized to do that.' }` otherwise), and answers are signed the
 * same way, as Smile ID signs them.
 *
 * - POST /v1/id_verification (Enhanced KYC, job_type 5): answered at once with the authority's record.
 * - POST /v1/upload (Biometric KYC, job_type 1): `{ upload_url, smile_job_id, ref_id, code: '2202' }`; the zip is
 *   PUT to upload_url (its info.json must hold the id_info and a base64 selfie, image_type_id 2).
 * - POST /v1/job_status `{ partner_id, user_id, job_id, … }`: `{ job_complete, job_success, code, result, … }`,
 *   complete after `pollsBeforeComplete` asks.
 *
 * `people` is the authority: id number to record (names, date of birth, whether the selfie matches its photo);
 * a number not in it is ResultCode 1013 (not found). `failNext` makes the next calls fail: a status, 'hang'
 * (never answers), 'huge' (a 5 MB body), 'wrong-types' (Actions a string, names numbers, signed).
 */
export interface AuthorityRecord {
  firstName: string;
  lastName: string;
  middleName?: string;
  dob: string;
  selfieMatches: boolean;
}

export type SmileFailure = number | 'hang' | 'huge' | 'wrong-types';

interface Job {
  jobType: number;
  idNumber: string;
  partnerJobId: string;
  userId: string;
  smileJobId: string;
  uploaded: boolean;
  selfieBytes: number;
  polls: number;
}

export interface SmileIdFake {
  url: string;
  people: Map<string, AuthorityRecord>;
  failNext(...failures: SmileFailure[]): void;
  pollsBeforeComplete: number;
  /** Jobs by our partner job id: how many times each id number was submitted. */
  jobs: Job[];
  /** Every call: path and whether its signature was right. */
  calls: { path: string; signed: boolean }[];
  close(): Promise<void>;
}

const signature = (partnerId: string, apiKey: string, timestamp: string) =>
  createHmac('sha256', apiKey).update(timestamp).update(partnerId).update('sid_request').digest('base64');

export async function startSmileIdFake(partnerId: string, apiKey: string): Promise<SmileIdFake> {
  const failures: SmileFailure[] = [];
  const jobs: Job[] = [];
  const signedAnswer = (body: object) => {
    const timestamp = new Date().toISOString();
    return { ...body, timestamp, signature: signature(partnerId, apiKey, timestamp) };
  };
  const result = (job: Job) => {
    const person = fake.people.get(job.idNumber);
    const biometric = job.jobType === 1;
    const base = {
      SmileJobID: job.smileJobId,
      PartnerParams: { job_id: job.partnerJobId, user_id: job.userId, job_type: job.jobType },
      Source: 'Server to Server',
      Country: 'NG',
      IDNumber: job.idNumber,
    };
    if (!person) {
      return {
        ...base,
        ResultCode: '1013',
        ResultText: 'ID Number Not Found',
        Actions: { Verify_ID_Number: 'Not Verified', Return_Personal_Info: 'Not Returned' },
      };
    }
    const faceOk = person.selfieMatches && job.selfieBytes > 0;
    return {
      ...base,
      ResultCode: biometric ? (faceOk ? '1020' : '1022') : '1012',
      ResultText: biometric ? (faceOk ? 'Exact Match' : 'No Match') : 'ID Number Validated',
      Actions: {
        Verify_ID_Number: 'Verified',
        Return_Personal_Info: 'Returned',
        ...(biometric
          ? { Liveness_Check: 'Passed', Selfie_To_ID_Authority_Compare: faceOk ? 'Completed' : 'Failed' }
          : {}),
      },
      FullName: [person.firstName, person.middleName, person.lastName].filter(Boolean).join(' '),
      DOB: person.dob,
      PhoneNumber: '08031234567',
      Photo: 'iVBORw0KGgo=',
      FullData: {
        FirstName: person.firstName,
        LastName: person.lastName,
        MiddleName: person.middleName ?? '',
      },
    };
  };

  const answer = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  const handle = (req: IncomingMessage, raw: Buffer, res: ServerResponse) => {
    const path = (req.url ?? '').split('?')[0];
    if (req.method === 'PUT' && path.startsWith('/__upload/')) {
      const job = jobs.find((each) => each.smileJobId === path.slice('/__upload/'.length));
      const info = readStoredZip(raw).get('info.json');
      const parsed = info
        ? (JSON.parse(info.toString('utf8')) as {
            images?: { image_type_id: number; image: string }[];
            id_info?: { id_number?: string };
          })
        : undefined;
      const selfie = parsed?.images?.find((image) => image.image_type_id === 2);
      if (!job || !selfie || parsed?.id_info?.id_number !== job.idNumber)
        return answer(res, 400, { error: 'bad zip' });
      job.uploaded = true;
      job.selfieBytes = Buffer.from(selfie.image, 'base64').length;
      return answer(res, 200, {});
    }
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
    } catch {
      return answer(res, 400, { code: '2204', error: 'Invalid JSON' });
    }
    const client = String(body.partner_id ?? body.smile_client_id ?? '');
    const signed =
      client === partnerId &&
      typeof body.timestamp === 'string' &&
      body.signature === signature(partnerId, apiKey, body.timestamp);
    fake.calls.push({ path, signed });
    if (!signed) return answer(res, 401, { code: '2205', error: 'You are not authorized to do that.' });
    const failure = failures.shift();
    if (failure === 'hang') return;
    if (failure === 'huge') {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      return res.end(`{"ResultCode":"1012","pad":"${'x'.repeat(5_000_000)}"}`);
    }
    if (failure === 'wrong-types') {
      return answer(
        res,
        200,
        signedAnswer({
          job_complete: true,
          result: { ResultCode: 1012, Actions: 'Verified', FullName: 42 },
          ResultCode: ['x'],
          Actions: 7,
        }),
      );
    }
    if (typeof failure === 'number') return answer(res, failure, { code: '2201', error: 'Internal error' });
    const params = (body.partner_params ?? {}) as Record<string, unknown>;
    if (path === '/v1/id_verification' || path === '/v1/upload') {
      if (
        body.country !== 'NG' ||
        !['BVN', 'NIN_V2'].includes(String(body.id_type)) ||
        typeof body.id_number !== 'string'
      ) {
        return answer(res, 400, { code: '2213', error: 'Invalid id_info' });
      }
      const job: Job = {
        jobType: Number(params.job_type),
        idNumber: body.id_number,
        partnerJobId: String(params.job_id),
        userId: String(params.user_id),
        smileJobId: `00000${jobs.length + 1}`,
        uploaded: false,
        selfieBytes: 0,
        polls: 0,
      };
      if (jobs.some((each) => each.partnerJobId === job.partnerJobId))
        return answer(res, 400, { code: '2215', error: 'Job already exists' });
      jobs.push(job);
      if (path === '/v1/id_verification') {
        if (job.jobType !== 5) return answer(res, 400, { code: '2213', error: 'job_type must be 5' });
        return answer(
          res,
          200,
          signedAnswer({ ...result(job), ResultType: 'ID Verification', IsFinalResult: 'true' }),
        );
      }
      if (job.jobType !== 1) return answer(res, 400, { code: '2213', error: 'job_type must be 1' });
      return answer(res, 200, {
        upload_url: `${fake.url}/__upload/${job.smileJobId}`,
        smile_job_id: job.smileJobId,
        ref_id: randomUUID(),
        code: '2202',
        camera_config: null,
      });
    }
    if (path === '/v1/job_status') {
      const job = jobs.find((each) => each.partnerJobId === body.job_id && each.userId === body.user_id);
      if (!job) return answer(res, 404, { code: '2204', error: 'Job not found' });
      job.polls += 1;
      const complete = job.uploaded && job.polls > fake.pollsBeforeComplete;
      return answer(
        res,
        200,
        signedAnswer({
          job_complete: complete,
          job_success: complete,
          code: complete ? '2302' : '2314',
          result: complete ? result(job) : null,
          history: [],
          image_links: {},
        }),
      );
    }
    return answer(res, 404, { error: 'no such route' });
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => handle(req, Buffer.concat(chunks), res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const fake: SmileIdFake = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    people: new Map(),
    failNext: (...next) => failures.push(...next),
    pollsBeforeComplete: 0,
    jobs,
    calls: [],
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return fake;
}
