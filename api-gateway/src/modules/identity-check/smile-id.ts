import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Logger } from 'pino';
import type { IdentityProduct } from '../../config-identity';
import type { FaceMatch, IdentityAnswer, IdentityChecker, IdentityLookup, IdStatus } from './provider';
import { maskedIdNumber } from './provider';
import { storedZip } from './stored-zip';

export interface SmileIdSettings {
  partnerId: string;
  apiKey: string;
  baseUrl: string;
  timeoutMs: number;
  product: IdentityProduct;
}

/** Smile ID's request signature: base64 HMAC-SHA256 of timestamp + partner id + "sid_request" under the API key. */
export function smileSignature(partnerId: string, apiKey: string, timestamp: string): string {
  return createHmac('sha256', apiKey)
    .update(timestamp)
    .update(partnerId)
    .update('sid_request')
    .digest('base64');
}

function signatureMatches(settings: SmileIdSettings, timestamp: unknown, signature: unknown): boolean {
  if (typeof timestamp !== 'string' || typeof signature !== 'string' || timestamp.length > 64) return false;
  const expected = Buffer.from(smileSignature(settings.partnerId, settings.apiKey, timestamp));
  const given = Buffer.from(signature.slice(0, 128));
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** Answers larger than this are not read (an authority photo in base64 is well under it). */
const MAX_ANSWER_BYTES = 1_000_000;
/** Smile ID's job types: 1 Biometric KYC, 5 Enhanced KYC. */
const JOB_TYPE: Record<IdentityProduct, number> = { biometric_kyc: 1, enhanced_kyc: 5 };
/** Smile ID names the current NIN lookup NIN_V2. */
const SMILE_ID_TYPE = { BVN: 'BVN', NIN: 'NIN_V2' } as const;

class AnswerProblem extends Error {}

async function readJson(response: Response): Promise<Record<string, unknown>> {
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > MAX_ANSWER_BYTES) {
    await response.body?.cancel();
    throw new AnswerProblem(`answer too large (${declared} bytes)`);
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body?.getReader();
  for (;;) {
    const part = reader ? await reader.read() : { done: true as const, value: undefined };
    if (part.done) break;
    size += part.value.length;
    if (size > MAX_ANSWER_BYTES) {
      await reader?.cancel();
      throw new AnswerProblem('answer too large');
    }
    chunks.push(part.value);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new AnswerProblem(`answered ${response.status} without JSON`);
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new AnswerProblem(`answered ${response.status} with JSON that is not an object`);
  }
  return parsed as Record<string, unknown>;
}

const text = (value: unknown, max = 100): string | null =>
  typeof value === 'string' && value.trim() ? value.trim().replace(/\s+/g, ' ').slice(0, max) : null;

/** yyyy-mm-dd from the authority's date (Smile ID relays yyyy-mm-dd or dd-mm-yyyy); anything else is null. */
function dateOf(value: unknown): string | null {
  const given = text(value, 20);
  if (!given) return null;
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(given);
  const dmy = /^(\d{2})[-/](\d{2})[-/](\d{4})$/.exec(given);
  const [year, month, day] = iso ? [iso[1], iso[2], iso[3]] : dmy ? [dmy[3], dmy[2], dmy[1]] : [];
  if (!year) return null;
  const date = new Date(`${year}-${month}-${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== `${year}-${month}-${day}`
    ? null
    : `${year}-${month}-${day}`;
}

/**
 * The authority's result (the Enhanced KYC answer, or Biometric KYC's job_status `result`): Actions say what was
 * checked, FullName and DOB what the authority holds. ResultCode 1013 is "ID number not found"; 1015/1016 the
 * authority was unavailable (retried). Anything of the wrong shape is an unreadable answer, never a verdict.
 */
function authorityAnswer(result: Record<string, unknown>, jobIdFallback: string): IdentityAnswer {
  const actions = result.Actions;
  const resultCode = text(result.ResultCode, 8);
  if (!actions || typeof actions !== 'object' || Array.isArray(actions) || !resultCode) {
    throw new AnswerProblem('answer without Actions or ResultCode');
  }
  const action = (name: string) => text((actions as Record<string, unknown>)[name], 40)?.toLowerCase() ?? '';
  if (['1015', '1016'].includes(resultCode) || action('Verify_ID_Number') === 'issuer unavailable') {
    return { outcome: 'failed', reason: `the authority was unavailable (${resultCode})` };
  }
  const verify = action('Verify_ID_Number');
  const idStatus: IdStatus =
    verify === 'verified'
      ? 'verified'
      : resultCode === '1013' || verify === 'not found'
        ? 'not_found'
        : 'not_verified';
  const compare = action('Selfie_To_ID_Authority_Compare');
  const liveness = action('Liveness_Check');
  const faceMatch: FaceMatch =
    compare === 'failed' || liveness === 'failed'
      ? 'failed'
      : compare === 'passed' || compare === 'completed'
        ? 'passed'
        : 'not_done';
  const fullData =
    result.FullData && typeof result.FullData === 'object'
      ? (result.FullData as Record<string, unknown>)
      : {};
  const names = (text(result.FullName, 200) ?? '').split(' ').filter(Boolean);
  const firstName = text(fullData.FirstName) ?? text(fullData.firstName) ?? names[0] ?? null;
  const lastName =
    text(fullData.LastName) ??
    text(fullData.Surname) ??
    text(fullData.lastName) ??
    (names.length > 1 ? names[names.length - 1] : null);
  const otherNames = text(fullData.MiddleName) ?? (names.length > 2 ? names.slice(1, -1).join(' ') : null);
  return {
    outcome: 'answered',
    providerJobId: text(result.SmileJobID, 64) ?? jobIdFallback,
    idStatus,
    firstName,
    lastName,
    otherNames,
    dateOfBirth: dateOf(result.DOB ?? fullData.DOB ?? fullData.DateOfBirth),
    faceMatch,
    resultCode,
    resultText: text(result.ResultText, 200) ?? '',
  };
}

/**
 * Smile ID's v1 server API (the one its server libraries call): Enhanced KYC is one signed POST /id_verification
 * answered at once; Biometric KYC is POST /upload (a signed job, answered with an upload URL and Smile's job id),
 * a PUT of the job's zip (info.json with the selfie in base64) to that URL, then POST /job_status until
 * job_complete. Answers carry their own timestamp and signature, checked like ours. Every call gives up after
 * `timeoutMs`. Logs name the job and the masked number, never the number, the key or a signature.
 */
export function smileIdChecker(settings: SmileIdSettings, logger: Logger): IdentityChecker {
  const signed = () => {
    const timestamp = new Date().toISOString();
    return { timestamp, signature: smileSignature(settings.partnerId, settings.apiKey, timestamp) };
  };
  const post = async (path: string, body: object) => {
    const response = await fetch(`${settings.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(settings.timeoutMs),
    });
    return { status: response.status, answer: await readJson(response) };
  };
  const refusal = (status: number, answer: Record<string, unknown>) =>
    new AnswerProblem(`answered ${status}${text(answer.code, 8) ? ` (code ${text(answer.code, 8)})` : ''}`);

  const jobStatus = async (lookup: IdentityLookup, providerJobId: string): Promise<IdentityAnswer> => {
    const { status, answer } = await post('/job_status', {
      partner_id: settings.partnerId,
      user_id: lookup.userId,
      job_id: lookup.partnerJobId,
      history: false,
      image_links: false,
      ...signed(),
    });
    if (status !== 200) throw refusal(status, answer);
    if (!signatureMatches(settings, answer.timestamp, answer.signature)) {
      throw new AnswerProblem('job status answer not signed with our key');
    }
    if (answer.job_complete !== true) return { outcome: 'pending', providerJobId };
    const result = answer.result;
    if (!result || typeof result !== 'object' || Array.isArray(result)) {
      throw new AnswerProblem('complete job without a result');
    }
    return authorityAnswer(result as Record<string, unknown>, providerJobId);
  };

  const idInfo = (lookup: IdentityLookup) => ({
    country: 'NG',
    id_type: SMILE_ID_TYPE[lookup.idType],
    id_number: lookup.idNumber,
    first_name: lookup.firstName,
    last_name: lookup.lastName,
  });
  const partnerParams = (lookup: IdentityLookup) => ({
    job_id: lookup.partnerJobId,
    user_id: lookup.userId,
    job_type: JOB_TYPE[settings.product],
  });

  const enhancedKyc = async (lookup: IdentityLookup): Promise<IdentityAnswer> => {
    const { status, answer } = await post('/id_verification', {
      partner_id: settings.partnerId,
      partner_params: partnerParams(lookup),
      ...idInfo(lookup),
      ...signed(),
    });
    if (status !== 200) throw refusal(status, answer);
    if (!signatureMatches(settings, answer.timestamp, answer.signature)) {
      throw new AnswerProblem('answer not signed with our key');
    }
    return authorityAnswer(answer, lookup.partnerJobId);
  };

  const biometricKyc = async (lookup: IdentityLookup): Promise<IdentityAnswer> => {
    if (!lookup.selfie) return { outcome: 'failed', reason: 'the registration has no selfie' };
    const signature = signed();
    const prepared = await post('/upload', {
      callback_url: '',
      file_name: 'selfie.zip',
      model_parameters: {},
      partner_params: partnerParams(lookup),
      smile_client_id: settings.partnerId,
      use_enrolled_image: false,
      ...idInfo(lookup),
      entered: 'true',
      ...signature,
    });
    if (prepared.status !== 200) throw refusal(prepared.status, prepared.answer);
    const uploadUrl = text(prepared.answer.upload_url, 4000);
    const smileJobId = text(prepared.answer.smile_job_id, 64);
    if (!uploadUrl || !smileJobId || !/^https?:\/\//.test(uploadUrl)) {
      throw new AnswerProblem('upload answer without upload_url or smile_job_id');
    }
    const info = {
      package_information: {
        apiVersion: { buildNumber: 0, majorVersion: 2, minorVersion: 0 },
        language: 'typescript',
      },
      misc_information: {
        ...signature,
        retry: 'false',
        partner_params: partnerParams(lookup),
        file_name: 'selfie.zip',
        smile_client_id: settings.partnerId,
        callback_url: '',
      },
      id_info: { ...idInfo(lookup), entered: 'true' },
      images: [{ image_type_id: 2, image: lookup.selfie.toString('base64'), file_name: '' }],
      server_information: prepared.answer,
    };
    const zip = storedZip([{ name: 'info.json', data: Buffer.from(JSON.stringify(info)) }]);
    const upload = await fetch(uploadUrl, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/zip' },
      body: zip,
      signal: AbortSignal.timeout(settings.timeoutMs),
    });
    await upload.body?.cancel();
    if (upload.status !== 200) throw new AnswerProblem(`zip upload answered ${upload.status}`);
    return jobStatus(lookup, smileJobId);
  };

  return {
    provider: 'smile_id',
    async check(lookup, providerJobId) {
      const log = {
        provider: 'smile_id',
        product: settings.product,
        job: lookup.partnerJobId,
        idType: lookup.idType,
        idNumber: maskedIdNumber(lookup.idNumber),
      };
      try {
        const answer = providerJobId
          ? await jobStatus(lookup, providerJobId)
          : settings.product === 'enhanced_kyc'
            ? await enhancedKyc(lookup)
            : await biometricKyc(lookup);
        if (answer.outcome === 'failed')
          logger.warn({ ...log, reason: answer.reason }, 'identity check failed');
        else if (answer.outcome === 'answered') {
          logger.info(
            { ...log, resultCode: answer.resultCode, smileJobId: answer.providerJobId },
            'identity checked',
          );
        }
        return answer;
      } catch (error) {
        // AbortSignal.timeout rejects with a DOMException named TimeoutError (not always an Error of this realm).
        const name = (error as { name?: unknown } | null)?.name;
        const reason =
          name === 'TimeoutError'
            ? `no answer within ${settings.timeoutMs} ms`
            : error instanceof AnswerProblem
              ? error.message
              : 'unreachable';
        logger.warn({ ...log, reason }, 'identity check failed');
        return { outcome: 'failed', reason };
      }
    },
  };
}
