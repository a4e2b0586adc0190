import { businessDay, businessTimeOfDay } from '../business-time';

describe('business time (Africa/Lagos, UTC+1)', () => {
  it('counts an instant late in the UTC evening as the next day', () => {
    expect(businessDay(new Date('2025-03-04T23:56:00.000Z'))).toBe('2025-03-05');
    expect(businessTimeOfDay(new Date('2025-03-04T23:56:07.000Z'))).toBe('00:56:07');
  });
  it('keeps the day before 23:00 UTC', () => {
    expect(businessDay(new Date('2025-03-04T22:59:59.000Z'))).toBe('2025-03-04');
    expect(businessTimeOfDay(new Date('2025-03-04T10:20:30.000Z'))).toBe('11:20:30');
  });
});
