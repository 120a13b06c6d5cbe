/** `ddex-server start` cannot start as configured: the message says why and what to do (exit 2). */
export class StartupRefused extends Error {}
