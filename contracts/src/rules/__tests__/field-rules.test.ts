import { accountNumberError } from '../account-number';
import { emailError } from '../email';
import { EmailField } from '../email-field';
import { fullNameError } from '../full-name';
import { FullNameField } from '../full-name-field';
import { internationalMobile, mobileNumberError } from '../mobile-number';
import { otpError } from '../otp';
import { OtpField } from '../otp-field';

test('email: required, then format; normalised to lower case', () => {
  expect(emailError(undefined)).toBe('Please provide email.');
  expect(emailError('  ')).toBe('Please provide email.');
  expect(emailError('not-an-email')).toBe('Email is not valid.');
  expect(emailError('a@b')).toBe('Email is not valid.');
  expect(emailError(`${'a'.repeat(250)}@b.com`)).toBe('Email is not valid.');
  expect(emailError(' Ada@Example.com ')).toBeUndefined();
  expect(EmailField.parse(' Ada@Example.COM ')).toBe('ada@example.com');
});

test("mobile: required, then exactly the country's length in digits", () => {
  expect(mobileNumberError('', 10)).toBe('Please provide mobile.');
  expect(mobileNumberError('803123456', 10)).toBe('Mobile number must be 10 digit.');
  expect(mobileNumberError('80312345678', 10)).toBe('Mobile number must be 10 digit.');
  expect(mobileNumberError('80312345ab', 10)).toBe('Mobile number must be 10 digit.');
  expect(mobileNumberError('8031234567', 10)).toBeUndefined();
  expect(mobileNumberError('803 123-4567', 10)).toBeUndefined();
  expect(mobileNumberError('241234567', 9)).toBeUndefined();
  expect(mobileNumberError('2412345678', 9)).toBe('Mobile number must be 9 digit.');
  expect(internationalMobile('+234', '803 123 4567')).toBe('+2348031234567');
});

test('OTP: six digits', () => {
  expect(otpError('')).toBe('Please provide OTP.');
  expect(otpError('12345')).toBe('OTP must be 6 digits.');
  expect(otpError('12345a')).toBe('OTP must be 6 digits.');
  expect(otpError('1234567')).toBe('OTP must be 6 digits.');
  expect(OtpField.parse(' 012345 ')).toBe('012345');
});

test('account number: required, then a 10-digit NUBAN', () => {
  expect(accountNumberError(null)).toBe('Please provide Account Number.');
  expect(accountNumberError('12345')).toBe('Account number must be 10 digits.');
  expect(accountNumberError('0123456789')).toBeUndefined();
});

test('full name: required and at most 100 characters', () => {
  expect(fullNameError(' ')).toBe('Please provide full name.');
  expect(fullNameError('x'.repeat(101))).toBe('Full name must be at most 100 characters.');
  expect(fullNameError('Ada  Obi')).toBeUndefined();
});

test('full name: letters of any script, marks, spaces, hyphens, apostrophes and dots', () => {
  for (const name of [
    'Amaka Eze',
    "Ọlábísí O'Neil-Adébáyọ̀",
    'Ngozi  Chukwu Jr.',
    'Zoë D’Arcy',
    'محمد علي',
    'देवनागरी नाम',
    '王小明',
  ]) {
    expect(fullNameError(name)).toBeUndefined();
  }
  const refused = 'Full name may contain only letters, spaces, hyphens, apostrophes and dots.';
  for (const name of [
    'Probe <img src=x onerror=alert(1)><script>alert(1)</script>',
    'Ada1 Obi',
    'Ada & Obi',
    'Ada_Obi',
    'Ada\u0000Obi',
    '...',
    "- '",
    'Ada 😀',
  ]) {
    expect(fullNameError(name)).toBe(refused);
  }
  expect(FullNameField.safeParse('Probe <script>').error?.issues[0]?.message).toBe(refused);
  expect(FullNameField.parse('  Amaka   Eze ')).toBe('Amaka Eze');
});
