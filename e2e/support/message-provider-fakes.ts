import { startWhatsAppCloudFake } from '../../api-gateway/test-support/fakes/whatsapp-cloud-api-fake';
import { startTermiiFake } from '../../api-gateway/test-support/fakes/termii-api-fake';

/**
 * Issue 27: the e2e portal talks to local fakes of Meta's WhatsApp Cloud API and of Termii (test code, on
 * 127.0.0.1), as production would talk to the real ones. A Nigerian number whose national part starts with
 * 70000 is "not on WhatsApp" at the fake (error 131026), so its code falls back to SMS at once; every other
 * number is accepted. The fallback timeout is long (600 s) so that no other journey's code goes by SMS.
 */
export const NOT_ON_WHATSAPP_PREFIX = '70000';

export async function startMessageProviderFakes(): Promise<{
  env: Record<string, string>;
  stop(): Promise<void>;
}> {
  const whatsapp = await startWhatsAppCloudFake({
    notOnWhatsApp: (to) => to.startsWith(`234${NOT_ON_WHATSAPP_PREFIX}`),
  });
  const termii = await startTermiiFake();
  return {
    env: {
      ...whatsapp.env(),
      ...termii.env(),
      WHATSAPP_APP_SECRET: 'e2e-whatsapp-app-secret',
      WHATSAPP_WEBHOOK_VERIFY_TOKEN: 'e2e-verify-token',
      SMS_FALLBACK_SECONDS: '600',
    },
    stop: async () => {
      await whatsapp.close();
      await termii.close();
    },
  };
}
