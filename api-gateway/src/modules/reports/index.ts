// What the reports module offers the rest of the gateway; other modules import only from here.
export { registerReportRoutes } from './routes';
export { sweepInterruptedExports } from './export-runner';
