// What the commission-upload module offers the rest of the gateway; other modules import only from here.
export { registerCommissionUploadRoutes } from './routes';
export { commissionTemplate, mountCommissionTemplate } from './rate-template';
// Issue 28: the bank's payout result file is read by the same isolated worker, with the same container checks.
export { readDelimitedText, readWorkbook, WorkbookRefusal, type CellValue } from './read-workbook';
export { ContainerRefusal, inspectContainer } from './workbook-container';
