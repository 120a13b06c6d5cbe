/** An admin command refused what it was asked (exit 2, the message on stderr). */
export class AdminError extends Error {}
