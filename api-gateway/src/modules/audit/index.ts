// What the audit module offers the rest of the gateway; other modules import only from here.
export {
  auditTitle,
  describeAudit,
  lastChangeTo,
  listAuditFor,
  listRecentAudit,
  recordAudit,
} from './audit-log';
