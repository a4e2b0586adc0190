/** A round step (1, 2 or 5 × a power of ten) that splits `max` into at most `ticks` intervals. */
export function niceStep(max: number, ticks: number): number {
  if (!(max > 0)) return 1;
  const rough = max / ticks;
  const power = 10 ** Math.floor(Math.log10(rough));
  const multiple = [1, 2, 5, 10].find((m) => m * power >= rough) ?? 10;
  return multiple * power;
}

/** The axis of a bar chart: its top (a whole number of steps at or above the largest value) and its ticks. */
export function valueAxis(values: readonly number[], ticks = 4): { top: number; ticks: number[] } {
  const max = Math.max(0, ...values);
  const step = niceStep(max, ticks);
  const top = max > 0 ? step * Math.ceil(max / step) : step;
  const count = Math.round(top / step);
  return { top, ticks: Array.from({ length: count + 1 }, (_unused, index) => step * index) };
}
