import { niceStep, valueAxis } from '../chart-scale';

test('steps are 1, 2 or 5 times a power of ten', () => {
  expect(niceStep(100, 4)).toBe(50);
  expect(niceStep(7, 4)).toBe(2);
  expect(niceStep(1234, 4)).toBe(500);
  expect(niceStep(0.4, 4)).toBe(0.1);
  expect(niceStep(0, 4)).toBe(1);
});

test('the axis reaches the largest value in whole steps, from zero', () => {
  expect(valueAxis([3, 120, 40])).toEqual({ top: 150, ticks: [0, 50, 100, 150] });
  expect(valueAxis([8])).toEqual({ top: 8, ticks: [0, 2, 4, 6, 8] });
  expect(valueAxis([])).toEqual({ top: 1, ticks: [0, 1] });
  expect(valueAxis([0, 0])).toEqual({ top: 1, ticks: [0, 1] });
});
