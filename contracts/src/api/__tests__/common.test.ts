import { z } from 'zod';
import { DateParam, OptionalDateParam, requiredText, SearchText } from '../common';
import { LoginRequest } from '../auth';
import { LoginReportQuery } from '../reports';
import { productMessage } from '../error-map';

const firstMessage = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues[0]?.message;

test('dates are yyyy-MM-dd calendar days between 2000-01-01 and 2100-12-31', () => {
  expect(DateParam.parse('2025-03-10')).toBe('2025-03-10');
  expect(DateParam.parse('2000-01-01')).toBe('2000-01-01');
  expect(DateParam.parse('2100-12-31')).toBe('2100-12-31');
  for (const outside of ['0099-12-31', '0001-01-01', '1999-12-31', '2101-01-01', '9999-12-31']) {
    expect(firstMessage(DateParam, outside)).toBe('Dates must be between 2000-01-01 and 2100-12-31.');
  }
  for (const malformed of ['2025-02-30', '25-03-10', '2025-3-1', 'yesterday', '+02025-01-01']) {
    expect(firstMessage(DateParam, malformed)).toBe('Dates must be yyyy-MM-dd.');
  }
  expect(OptionalDateParam.parse('')).toBeUndefined();
  expect(OptionalDateParam.parse(undefined)).toBeUndefined();
  expect(firstMessage(LoginReportQuery, { fromDate: '0099-12-31' })).toBe(
    'Dates must be between 2000-01-01 and 2100-12-31.',
  );
});

test('text helpers refuse control characters with a message in our words', () => {
  const message = 'Please remove the hidden control characters from the text.';
  expect(firstMessage(requiredText('Please provide email.'), 'a\u0000')).toBe(message);
  expect(firstMessage(SearchText, 'amaka\u0000')).toBe(message);
  expect(firstMessage(SearchText, 'x'.repeat(101))).toBe('Search must be at most 100 characters.');
  expect(firstMessage(SearchText, 5)).toBe('Search must be text.');
});

test("no field with a bound answers zod's own words", () => {
  expect(firstMessage(LoginRequest, { userName: 'a@b.co', password: 'x', latitude: 91 })).toBe(
    'Latitude must be a number from -90 to 90.',
  );
  expect(firstMessage(LoginRequest, { userName: 'a@b.co', password: 'x', longitude: 'east' })).toBe(
    'Longitude must be a number from -180 to 180.',
  );
});

test('whatever a schema leaves to zod is worded by field, never as zod words it', () => {
  const loose = z.object({
    count: z.number().max(5),
    name: z.string().min(2),
    tags: z.array(z.string()).max(1),
    kind: z.enum(['a', 'b']),
    flag: z.boolean(),
  });
  const messages = loose
    .safeParse({ count: 6, name: 'x', tags: ['a', 'b'], kind: 'c', flag: 'yes' })
    .error?.issues.map((issue) => issue.message);
  expect(messages).toEqual([
    'count must be at most 5.',
    'name must be at least 2 characters.',
    'tags must be at most 1 items.',
    'kind must be one of: a, b.',
    'flag must be true or false.',
  ]);
  expect(firstMessage(loose, { name: 'xy' })).toBe('Please provide count.');
  expect(firstMessage(z.string(), 1)).toBe('The request must be text.');
  expect(firstMessage(z.strictObject({}), { extra: 1 })).toBe('Unexpected field: extra.');
  expect(productMessage({ code: 'invalid_format', format: 'email', path: ['email'], input: 'x' })).toBe(
    'email is not valid.',
  );
});
