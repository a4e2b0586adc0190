// What the reports module offers the rest of the gateway; other modules import only from here.
export { registerReportRoutes } from './routes';
export { sweepInterruptedExports } from './export-runner';
export { ExportRunner } from './export-runner';
export { NAIRA_FORMAT, type AnySheetJob, type SheetColumn, type SheetJob } from './xlsx-writer';
