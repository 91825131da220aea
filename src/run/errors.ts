/** A mistake in how the tool was called (a flag, a file it names, a setting): exit 2 with the message, never a stack trace. */
export class UsageError extends Error {}
