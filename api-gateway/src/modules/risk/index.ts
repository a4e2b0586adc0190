export { registerRiskRoutes } from './routes';
export { startRiskWorker, raiseMarkedSignals, scanAllSignals } from './risk-scan';
