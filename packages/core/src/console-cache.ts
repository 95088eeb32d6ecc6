/**
 * How long a browser keeps an answer of a `minute` route (a status, a setting), in seconds: the
 * server's `private, max-age`, and how long after a change the console revalidates every read.
 */
export const CONSOLE_CACHE_SECONDS = 60;
