export { registerRiskRoutes } from './routes';
export { startRiskWorker, raiseMarkedSignals, scanAllSignals, type ScanUnit } from './risk-scan';
