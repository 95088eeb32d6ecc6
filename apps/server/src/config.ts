import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_CONSENT_RETENTION_DAYS } from '@assent/core/audit-log';

const bool = (fallback: boolean) =>
  z
    .string()
    .optional()
    .transform((v) =>
      v === undefined || v === ''
        ? fallback
        : !['0', 'false', 'no', 'off'].includes(v.toLowerCase()),
    );

const list = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? '')
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
  );

/** Every setting of the server, read once from the environment (README "Configuration"). */
const EnvSchema = z.object({
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(4600),
  ASSENT_DATA_DIR: z.string().default('.assent'),
  DATABASE_URL: z.string().optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().positive().default(10),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Assent <no-reply@assent.local>'),
  ASSENT_ADMIN_EMAILS: list,
  ASSENT_DEMO: bool(true),
  ASSENT_DEMO_PASSWORD: z.string().optional(),
  ASSENT_PUBLIC_URL: z.string().optional(),
  ASSENT_GVL_URL: z.string().default('https://vendor-list.consensu.org'),
  ASSENT_GOOGLE_ATP_URL: z
    .string()
    .default('https://storage.googleapis.com/tcfac/additional-consent-providers.csv'),
  // No default: a geo header is trusted only when the operator names the one its proxy sets
  // (a visitor could otherwise choose their own regulation by sending `cf-ipcountry`).
  ASSENT_GEO_COUNTRY_HEADER: z.string().optional(),
  ASSENT_GEO_REGION_HEADER: z.string().optional(),
  ASSENT_GEOIP_DB: z.string().optional(),
  ASSENT_CMP_ID: z.coerce.number().int().min(0).default(0),
  ASSENT_SESSION_IDLE_MINUTES: z.coerce.number().int().positive().default(120),
  ASSENT_SESSION_MAX_DAYS: z.coerce.number().int().positive().default(7),
  ASSENT_TRUST_PROXY: bool(false),
  ASSENT_ALLOW_PRIVATE_FETCH: bool(false),
  ASSENT_LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
    .default('info'),
  ASSENT_REPORT_TIMEOUT_MS: z.coerce.number().int().positive().default(60_000),
  ASSENT_REPORT_SCHEDULER_INTERVAL_MS: z.coerce.number().int().positive().default(15_000),
  ASSENT_REPORT_ATTACH_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .default(5 * 1024 * 1024),
  ASSENT_VISITS_RETENTION_DAYS: z.coerce.number().int().positive().default(400),
  // Visits and reports on ClickHouse (analytics/clickhouse/); unset: the database's own tables.
  ASSENT_ANALYTICS_URL: z
    .union([
      z.literal(''),
      z.string().regex(/^(clickhouse|https?):\/\//, 'must start with clickhouse:// or https://'),
    ])
    .optional(),
  // The ClickHouse cluster the store's tables are created on (ON CLUSTER, replicated, distributed).
  ASSENT_CLICKHOUSE_CLUSTER: z
    .string()
    .regex(/^[\w.-]*$/, 'must be a ClickHouse cluster name (letters, digits, _ . -)')
    .optional(),
  ASSENT_CONSENT_RETENTION_DAYS: z.coerce
    .number()
    .int()
    .positive()
    .default(DEFAULT_CONSENT_RETENTION_DAYS),
  ASSENT_VISIT_BATCH_MAX: z.coerce.number().int().positive().max(10_000).default(500),
  ASSENT_VISIT_BATCH_WAIT_MS: z.coerce.number().int().min(0).max(1000).default(0),
  ASSENT_ROLLUP_INTERVAL_MS: z.coerce.number().int().min(10).max(60_000).default(1000),
  ASSENT_BULK_UPDATE_BATCH_SIZE: z.coerce.number().int().min(1).max(500).default(25),
  ASSENT_VISIT_PROPERTY_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  ASSENT_VISIT_RATE_LIMIT: z.coerce.number().int().min(0).default(600),
  ASSENT_WEB_DIST: z.string().optional(),
  ASSENT_SSR_TIME_LIMIT_MS: z.coerce.number().int().min(0).max(60_000).default(500),
  ASSENT_HELP_URL: z
    .string()
    .optional()
    .refine((v) => !v || /^https?:\/\/\S+$/.test(v) || /^\/(?!\/)\S*$/.test(v), {
      message: 'must be an http(s) URL or a path on this server starting with /',
    }),
  ASSENT_BANNER_DIST: z.string().optional(),
});

export interface ServerConfig {
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolMax: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  adminEmails: string[];
  demo: boolean;
  demoPassword: string | undefined;
  /** The origin visitors and the console reach the server on; derived from host and port when unset. */
  publicUrl: string | undefined;
  gvlBaseUrl: string;
  googleAtpUrl: string;
  /** The trusted proxy's country and US-state headers; unset: no header is trusted. */
  geoCountryHeader: string | undefined;
  geoRegionHeader: string | undefined;
  geoIpDatabase: string | undefined;
  cmpId: number;
  sessionIdleMs: number;
  sessionMaxMs: number;
  trustProxy: boolean;
  /** Let the logo check reach private addresses (tests, intranets). */
  allowPrivateFetch: boolean;
  logLevel: string;
  webDist: string | undefined;
  /**
   * A server render of a console page taking longer is dropped and the plain page sent
   * (`ASSENT_SSR_TIME_LIMIT_MS`, default 500; 0 never renders).
   */
  ssrTimeLimitMs: number;
  bannerDist: string | undefined;
  /** Where the console's Help Center button leads (`/help` redirects there); default `/docs/`. */
  helpUrl: string | undefined;
  /** Report jobs: the time limit of a run, the scheduler's period and the largest attachment. */
  reports: { timeoutMs: number; schedulerIntervalMs: number; attachMaxBytes: number };
  /** Days of raw visits kept; older day partitions are dropped (the rollups keep their counts). */
  visitsRetentionDays: number;
  /** Where visits and reports live when not in the database: ClickHouse's URL (ASSENT_ANALYTICS_URL). */
  analyticsUrl: string | undefined;
  /** The ClickHouse cluster of ASSENT_CLICKHOUSE_CLUSTER (unset: one server's plain tables). */
  clickhouseCluster: string | undefined;
  /** Days consent records (proofs of consent) are kept; older ones are purged hourly. */
  consentRetentionDays: number;
  /** Group commit of visits: the largest batch, and the longest a visit waits for others (ms). */
  visitBatchMax: number;
  visitBatchWaitMs: number;
  /** How often stored visits are counted into the rollups in the background (ms). */
  rollupIntervalMs: number;
  /** Properties a bulk update writes per transaction (ASSENT_BULK_UPDATE_BATCH_SIZE). */
  bulkUpdateBatchSize: number;
  /** How long the visit endpoint keeps a property it looked up (0: not at all). */
  visitPropertyCacheMs: number;
  /** Visits one address may send one property per minute; more answer 429 (0: no limit). */
  visitRateLimit: number;
}

/** Reads the configuration; a bad value names the variable and the rule. */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  cwd = process.cwd(),
): ServerConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const details = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${details}`);
  }
  const e = parsed.data;
  return {
    host: e.HOST,
    port: e.PORT,
    dataDir: path.resolve(cwd, e.ASSENT_DATA_DIR),
    databaseUrl: e.DATABASE_URL || undefined,
    databasePoolMax: e.DATABASE_POOL_MAX,
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    adminEmails: e.ASSENT_ADMIN_EMAILS,
    demo: e.ASSENT_DEMO,
    demoPassword: e.ASSENT_DEMO_PASSWORD || undefined,
    publicUrl: e.ASSENT_PUBLIC_URL?.replace(/\/$/, '') || undefined,
    gvlBaseUrl: e.ASSENT_GVL_URL.replace(/\/$/, ''),
    googleAtpUrl: e.ASSENT_GOOGLE_ATP_URL,
    geoCountryHeader: e.ASSENT_GEO_COUNTRY_HEADER?.trim().toLowerCase() || undefined,
    geoRegionHeader: e.ASSENT_GEO_REGION_HEADER?.trim().toLowerCase() || undefined,
    geoIpDatabase: e.ASSENT_GEOIP_DB || undefined,
    cmpId: e.ASSENT_CMP_ID,
    sessionIdleMs: e.ASSENT_SESSION_IDLE_MINUTES * 60_000,
    sessionMaxMs: e.ASSENT_SESSION_MAX_DAYS * 86_400_000,
    trustProxy: e.ASSENT_TRUST_PROXY,
    allowPrivateFetch: e.ASSENT_ALLOW_PRIVATE_FETCH,
    logLevel: e.ASSENT_LOG_LEVEL,
    webDist: e.ASSENT_WEB_DIST,
    ssrTimeLimitMs: e.ASSENT_SSR_TIME_LIMIT_MS,
    bannerDist: e.ASSENT_BANNER_DIST,
    helpUrl: e.ASSENT_HELP_URL || undefined,
    reports: {
      timeoutMs: e.ASSENT_REPORT_TIMEOUT_MS,
      schedulerIntervalMs: e.ASSENT_REPORT_SCHEDULER_INTERVAL_MS,
      attachMaxBytes: e.ASSENT_REPORT_ATTACH_MAX_BYTES,
    },
    visitsRetentionDays: e.ASSENT_VISITS_RETENTION_DAYS,
    analyticsUrl: e.ASSENT_ANALYTICS_URL || undefined,
    clickhouseCluster: e.ASSENT_CLICKHOUSE_CLUSTER || undefined,
    consentRetentionDays: e.ASSENT_CONSENT_RETENTION_DAYS,
    visitBatchMax: e.ASSENT_VISIT_BATCH_MAX,
    visitBatchWaitMs: e.ASSENT_VISIT_BATCH_WAIT_MS,
    rollupIntervalMs: e.ASSENT_ROLLUP_INTERVAL_MS,
    bulkUpdateBatchSize: e.ASSENT_BULK_UPDATE_BATCH_SIZE,
    visitPropertyCacheMs: e.ASSENT_VISIT_PROPERTY_CACHE_MS,
    visitRateLimit: e.ASSENT_VISIT_RATE_LIMIT,
  };
}
