/**
 * Spec §2: 'x% up from last month' (monthlyGrowthPercent). A fall reads 'x% down from last month' rather
 * than a negative "up".
 */
export function growthText(percent: number): string {
  const figure = new Intl.NumberFormat('en-NG', { maximumFractionDigits: 1 }).format(Math.abs(percent));
  return `${figure}% ${percent < 0 ? 'down' : 'up'} from last month`;
}
