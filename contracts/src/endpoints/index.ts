import type { AnyEndpoint } from '../endpoint';
import { AdminUserEndpoints } from './admin-users';
import { AffiliateAreaEndpoints } from './affiliate-area';
import { AffiliateEndpoints, DashboardEndpoints, MediaEndpoints } from './affiliates';
import { AuthEndpoints, SecondFactorEndpoints, WebConfigEndpoints } from './auth';
import { BankAccountVerificationEndpoints } from './bank-account-verification';
import { BankVerificationEndpoints } from './bank-verification';
import { DataRightsEndpoints } from './data-rights';
import { KycCaseEndpoints } from './kyc-cases';
import { IdentityCheckEndpoints } from './identity-check';
import { KycPartEndpoints, ReKycPartEndpoints } from './kyc-parts';
import { ApiKeyAdminEndpoints, IntegrationEndpoints } from './integration';
import { CommissionEndpoints } from './commission';
import { DocsEndpoints, HealthEndpoints, MasterEndpoints } from './master';
import { OutboxAdminEndpoints, WebhookEndpoints } from './messaging';
import { OrderEndpoints } from './orders';
import { NotificationEndpoints } from './notifications';
import { DevEndpoints, RegistrationEndpoints } from './registration';
import { ReportEndpoints } from './reports';
import { AffiliatePayoutEndpoints, PaystackWebhookEndpoints, PayoutEndpoints } from './payouts';
import { RiskEndpoints } from './risk';

export * from './admin-users';
export * from './affiliate-area';
export * from './affiliates';
export * from './bank-account-verification';
export * from './bank-verification';
export * from './data-rights';
export * from './kyc-cases';
export * from './identity-check';
export * from './kyc-parts';
export * from './auth';
export * from './integration';
export * from './commission';
export * from './master';
export * from './messaging';
export * from './orders';
export * from './notifications';
export * from './registration';
export * from './reports';
export * from './payouts';
export * from './risk';

/** Every call of the portal, for the gateway's wiring check, the OpenAPI test and the authorization matrix. */
export const ALL_ENDPOINTS: readonly AnyEndpoint[] = [
  AuthEndpoints,
  SecondFactorEndpoints,
  WebConfigEndpoints,
  HealthEndpoints,
  MasterEndpoints,
  RegistrationEndpoints,
  DevEndpoints,
  AffiliateEndpoints,
  KycCaseEndpoints,
  IdentityCheckEndpoints,
  AffiliateAreaEndpoints,
  MediaEndpoints,
  DashboardEndpoints,
  ReportEndpoints,
  OrderEndpoints,
  AdminUserEndpoints,
  NotificationEndpoints,
  CommissionEndpoints,
  DocsEndpoints,
  IntegrationEndpoints,
  ApiKeyAdminEndpoints,
  OutboxAdminEndpoints,
  WebhookEndpoints,
  BankVerificationEndpoints,
  // Issue 48: the bank-file programme's account verification.
  BankAccountVerificationEndpoints,
  DataRightsEndpoints,
  // Issue 28: the admin's payout runs, the affiliate's Payouts page, Paystack's transfer webhook.
  PayoutEndpoints,
  AffiliatePayoutEndpoints,
  PaystackWebhookEndpoints,
  // Issue 49: the risk review queue and its thresholds.
  RiskEndpoints,
  // Issue 50 parts 3 and 4: parts decided one by one, four eyes on a risky approval.
  KycPartEndpoints,
  ReKycPartEndpoints,
].flatMap((group) => Object.values(group));
