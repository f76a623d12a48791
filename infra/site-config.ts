import type { SiteConfig } from '../shared/api.ts';
import type { StageConfig } from './stage-config.ts';

/**
 * What a deployed stage's `/config.json` tells the SPA (written next to index.html by the
 * StaticSite construct and served uncached by CloudFront): where the WebSocket lives, the payment
 * mode, and the display currencies with their rates (rupees per unit; INR is what is charged).
 */
export function siteConfigFor(stage: StageConfig, wsUrl: string): SiteConfig {
  return {
    stage: stage.name,
    apiUrl: '/api',
    wsUrl,
    paymentMode: stage.razorpayKeyId ? 'razorpay' : 'test',
    ...(stage.razorpayKeyId ? { razorpayKeyId: stage.razorpayKeyId } : {}),
    displayCurrencies: stage.displayCurrencies,
    contact: stage.contact,
  };
}
