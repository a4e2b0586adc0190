// What the reports module offers the rest of the gateway; other modules import only from here.
export { registerReportRoutes } from './routes';
export { sweepInterruptedExports } from './export-runner';
// Issue 28: the affiliate's remittance advice is written and handed out the way every export is.
export { ExportRunner } from './export-runner';
export { NAIRA_FORMAT, type SheetColumn } from './xlsx-writer';
