/**
 * The security headers the site is served with, shared by CloudFront's response headers policy
 * and the local server. The CSP lets in Razorpay's checkout and nothing else from outside.
 */
export const razorpayOrigins = {
  script: 'https://checkout.razorpay.com',
  frame: 'https://api.razorpay.com https://checkout.razorpay.com',
  connect: 'https://lumberjack.razorpay.com https://api.razorpay.com',
};

/** `uploadOrigin`: where the portal posts image uploads when it is not this site (the S3 bucket's endpoint on AWS). */
export function contentSecurityPolicy(webSocketOrigin: string, uploadOrigin?: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${razorpayOrigins.script}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self'",
    `connect-src 'self' ${webSocketOrigin}${uploadOrigin ? ` ${uploadOrigin}` : ''} ${razorpayOrigins.connect}`,
    `frame-src ${razorpayOrigins.frame}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export const HSTS_MAX_AGE_SECONDS = 63_072_000;

export function securityHeaders(webSocketOrigin: string): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(webSocketOrigin),
    'strict-transport-security': `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains; preload`,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
  };
}
