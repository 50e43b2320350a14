import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { systemCalls } from '../shared/api/system.ts';
import { MSG } from '../shared/messages.ts';
import { isPageRoute } from '../shared/pages.ts';
import { type Config, fastifyTrustProxy } from './config.ts';
import type { Database } from './db/client.ts';
import { registerJobHandlers } from './jobs-wiring.ts';
import { registerAccountRoutes } from './modules/accounts/routes.ts';
import { AccountsService } from './modules/accounts/service.ts';
import { anchorImported } from './modules/annotations/anchor-imported.ts';
import { GroupLayerService } from './modules/annotations/group-layer.ts';
import { KindleImportService } from './modules/annotations/kindle-import.ts';
import { highlightsOnVersions, reanchorOnNewCopy } from './modules/annotations/reanchor.ts';
import { registerAnnotationRoutes } from './modules/annotations/routes.ts';
import { AnnotationsService } from './modules/annotations/service.ts';
import { folioBackupFormat, webAnnotationsFormat } from './modules/backup/formats.ts';
import { FolioRestore } from './modules/backup/restore.ts';
import { registerBlogRoutes } from './modules/blogs/routes.ts';
import { BlogsService } from './modules/blogs/service.ts';
import { pictureKeysOf } from './modules/capture/repo.ts';
import { registerCaptureRoutes } from './modules/capture/routes.ts';
import { CaptureService } from './modules/capture/service.ts';
import { CopyUpdates } from './modules/capture/update-copy.ts';
import { versionPictureKeysOf } from './modules/capture/versions.ts';
import { OidcClients } from './modules/connections/oidc.ts';
import { registerConnectionRoutes } from './modules/connections/routes.ts';
import { ConnectionsService } from './modules/connections/service.ts';
import { registerDocsRoutes, trackRoutes } from './modules/docs/routes.ts';
import { GoogleDriveService } from './modules/drives/google-drive.ts';
import { registerDriveRoutes } from './modules/drives/routes.ts';
import { WebdavService } from './modules/drives/webdav.ts';
import { registerDuplicateRoutes } from './modules/duplicates/routes.ts';
import { DuplicatesService } from './modules/duplicates/service.ts';
import { registerExportRoutes } from './modules/export/routes.ts';
import { ExportService } from './modules/export/service.ts';
import { registerExtensionRoutes } from './modules/extension/routes.ts';
import { ExtensionService } from './modules/extension/service.ts';
import { registerFeedbackRoutes } from './modules/feedback/routes.ts';
import { FeedbackService } from './modules/feedback/service.ts';
import { InvitationsService } from './modules/groups/invitations.ts';
import { GroupLayerRoster } from './modules/groups/layer-roster.ts';
import { registerGroupRoutes } from './modules/groups/routes.ts';
import { GroupsService } from './modules/groups/service.ts';
import { registerHealthRoutes } from './modules/health/routes.ts';
import { HealthService } from './modules/health/service.ts';
import { importKeysOf } from './modules/import/blob-keys.ts';
import { PageCopies } from './modules/import/page-copies.ts';
import { registerImportRoutes } from './modules/import/routes.ts';
import { ImportService } from './modules/import/service.ts';
import { ImportWriter } from './modules/import/writer.ts';
import { ImportedItems } from './modules/items/imported.ts';
import { registerItemRoutes } from './modules/items/routes.ts';
import { ItemsService } from './modules/items/service.ts';
import { TrashService } from './modules/items/trash.ts';
import { registerTrashRoutes } from './modules/items/trash-routes.ts';
import type { LibraryFormat } from './modules/library-export/format.ts';
import { openFormats } from './modules/library-export/formats.ts';
import { LibraryReader } from './modules/library-export/library.ts';
import { registerLibraryExportRoutes } from './modules/library-export/routes.ts';
import { exportKeysOf } from './modules/library-export/runs.ts';
import { BackupSchedules } from './modules/library-export/schedules.ts';
import { LibraryExportService } from './modules/library-export/service.ts';
import { registerLiveRoutes } from './modules/live/routes.ts';
import { registerMcpRoutes } from './modules/mcp/routes.ts';
import { libraryTools } from './modules/mcp/tools.ts';
import { noteImageKeysOf } from './modules/notes/images.ts';
import { registerNoteRoutes } from './modules/notes/routes.ts';
import { NotesService } from './modules/notes/service.ts';
import { registerOutlinerRoutes } from './modules/outliners/routes.ts';
import { OutlinersService } from './modules/outliners/service.ts';
import { GiftsService } from './modules/premium/gifts.ts';
import { PremiumInfoService } from './modules/premium/info.ts';
import { Renewals } from './modules/premium/renewals.ts';
import { registerPremiumRoutes } from './modules/premium/routes.ts';
import { PremiumService } from './modules/premium/service.ts';
import { CopyService } from './modules/profile/copy.ts';
import { registerProfileRoutes } from './modules/profile/routes.ts';
import { RssService } from './modules/profile/rss.ts';
import { ProfileService } from './modules/profile/service.ts';
import { ReviewDigest } from './modules/review/digest.ts';
import { registerReviewRoutes } from './modules/review/routes.ts';
import { ReviewService } from './modules/review/service.ts';
import { registerRuleRoutes } from './modules/rules/routes.ts';
import { RulesService } from './modules/rules/service.ts';
import { registerSavedSearchRoutes } from './modules/saved-searches/routes.ts';
import { SavedSearchesService } from './modules/saved-searches/service.ts';
import { avatarKeysOf } from './modules/settings/avatar.ts';
import { passwordResetMailJob } from './modules/settings/reset-mail.ts';
import { registerSettingsRoutes } from './modules/settings/routes.ts';
import { SettingsService } from './modules/settings/service.ts';
import { MailService } from './modules/sharing/mail.ts';
import { registerSharingRoutes } from './modules/sharing/routes.ts';
import { SharingService } from './modules/sharing/service.ts';
import { registerSiteRoutes } from './modules/site/routes.ts';
import { registerStatsRoutes } from './modules/stats/routes.ts';
import { StatsService } from './modules/stats/service.ts';
import { registerTagRoutes } from './modules/tags/routes.ts';
import { TagsService } from './modules/tags/service.ts';
import { registerTokenRoutes } from './modules/tokens/routes.ts';
import { TokensService } from './modules/tokens/service.ts';
import { registerToolbarRoutes } from './modules/toolbar/routes.ts';
import { ToolbarService } from './modules/toolbar/service.ts';
import { registerTwoFactorRoutes } from './modules/two-factor/routes.ts';
import { TwoFactorService } from './modules/two-factor/service.ts';
import { FileJobs } from './modules/uploads/file-jobs.ts';
import { blobKeysOf } from './modules/uploads/repo.ts';
import { registerUploadRoutes } from './modules/uploads/routes.ts';
import { UploadsService } from './modules/uploads/service.ts';
import { WebhookDeliveries } from './modules/webhooks/delivery.ts';
import { WebhookEvents } from './modules/webhooks/events.ts';
import { registerWebhookRoutes } from './modules/webhooks/routes.ts';
import { WebhooksService } from './modules/webhooks/service.ts';
import { pageHtml } from './page-preload.ts';
import { Auth } from './platform/auth/auth.ts';
import { registerOriginCheck } from './platform/auth/origin.ts';
import { PersonalTokenStore } from './platform/auth/personal-tokens.ts';
import { SessionStore } from './platform/auth/sessions.ts';
import { SignInThrottle } from './platform/auth/throttle.ts';
import { registerTokenGate } from './platform/auth/token-gate.ts';
import { type BlobStore, LocalBlobStore } from './platform/blob-store.ts';
import { blobSweepJob } from './platform/blob-sweep.ts';
import { type Clock, systemClock } from './platform/clock.ts';
import { binder, installZodContracts } from './platform/contract.ts';
import { registerErrorHandler } from './platform/errors.ts';
import { type EventBus, InProcessEventBus } from './platform/event-bus.ts';
import { Fetcher } from './platform/fetcher.ts';
import { registerFormBodies } from './platform/form-body.ts';
import { JobQueue } from './platform/jobs.ts';
import type { Mailer } from './platform/mailer.ts';
import { Lifecycle } from './platform/operations/readiness.ts';
import { registerOperationsRoutes } from './platform/operations/routes.ts';
import type { PaymentGateway } from './platform/payments/gateway.ts';
import { SandboxGateway } from './platform/payments/sandbox.ts';
import { type RequestLimit, registerRateLimits } from './platform/rate-limit/rate-limit.ts';
import { registerRequestContext, requestIdFrom } from './platform/request-context.ts';
import { S3BlobStore } from './platform/s3-blob-store.ts';

export interface AppDeps {
  config: Config;
  database: Database;
  mailer: Mailer;
  clock?: Clock;
  /** shared between instances on PostgreSQL; in-process by default */
  bus?: EventBus;
  /** built web app; defaults to dist/web */
  webDir?: string;
  /** the packed browser extension; defaults to dist/extension/folio-extension.zip */
  extensionZip?: string;
  logger?: boolean;
  /** keep-alive and session re-check period of live sockets (tests shorten it) */
  livePingIntervalMs?: number;
  /** uploaded files; a directory under DATA_DIR/files by default */
  blobs?: BlobStore;
  /** background jobs; main.ts starts its poller, tests call runDueJobs() */
  jobs?: JobQueue;
  /** outbound page fetches; built from config by default */
  fetcher?: Fetcher;
  /** the payment provider; the built-in sandbox by default (docs/payments.md) */
  payments?: PaymentGateway;
  /** check every JSON reply against its route's declared schema (tests) */
  checkReplies?: boolean;
  /** the graceful stop marks it stopping (platform/operations/graceful-stop.ts); /readyz reads it */
  lifecycle?: Lifecycle;
}

export const DEFAULT_WEB_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/web');
/** The packed browser extension, written by npm run build:extension (scripts/build-extension.ts). */
export const DEFAULT_EXTENSION_ZIP = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../dist/extension/folio-extension.zip',
);

/** Builds the whole HTTP app without listening: main.ts, tests and benchmarks share it. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database, mailer } = deps;
  const clock = deps.clock ?? systemClock;
  const db = database.db;
  const app = Fastify({
    logger: deps.logger === false ? false : { level: config.logLevel },
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // an incoming X-Request-Id (a proxy's) names the request in every log line, a fresh one otherwise
    requestIdHeader: false,
    // a request that reached this instance while it stops is answered, not refused: the graceful
    // stop closes the listening socket, so new ones go to another instance
    return503OnClosing: false,
    genReqId: (req) => requestIdFrom(req.headers['x-request-id'], randomUUID),
  });
  registerRequestContext(app);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  installZodContracts(app, { checkReplies: deps.checkReplies ?? false });
  trackRoutes(app);
  registerErrorHandler(app);
  registerFormBodies(app);
  await app.register(cookie);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: config.secureCookies ? [] : null,
      },
    },
    strictTransportSecurity: config.secureCookies,
  });
  registerOriginCheck(app, config.publicUrl);

  const sessions = new SessionStore(db, clock, {
    secret: config.sessionSecret,
    idleMs: config.sessionIdleMs,
    absoluteMs: config.sessionAbsoluteMs,
  });
  const auth = new Auth(sessions, new PersonalTokenStore(db, clock, config.sessionSecret), config);
  // before the routes: the limits attach to routes as they are added
  const limits = await registerRateLimits(app, {
    auth,
    database,
    clock,
    factor: config.rateLimitFactor,
  });
  registerTokenGate(app, { auth, limit: limits.personalToken });
  const accounts = new AccountsService({ db, clock, throttle: new SignInThrottle(db, clock) });
  const bus = deps.bus ?? new InProcessEventBus();
  const tags = new TagsService({ db, clock, accounts });
  const jobs = deps.jobs ?? new JobQueue(db, clock);
  // the webhook outbox: writers queue their events' deliveries in their own transactions
  const webhookEvents = new WebhookEvents({ jobs, clock, secretsKey: config.secretsKey });
  const items = new ItemsService({ db, clock, bus, accounts, tags, jobs, webhooks: webhookEvents });
  const fetcher =
    deps.fetcher ??
    new Fetcher({
      allowPrivate: config.fetchAllowPrivate,
      timeoutMs: config.fetchTimeoutMs,
      connectTimeoutMs: config.fetchConnectTimeoutMs,
    });
  // S3_BUCKET set: files in the bucket, shared by every instance; otherwise on this one's disk
  const bucket = !deps.blobs && config.s3 ? new S3BlobStore(config.s3) : undefined;
  if (bucket) app.addHook('onClose', async () => bucket.close());
  const blobs = deps.blobs ?? bucket ?? new LocalBlobStore(path.join(config.dataDir, 'files'));
  const capture = new CaptureService({
    db,
    clock,
    fetcher,
    blobs,
    items,
    tags,
    accounts,
    webhooks: webhookEvents,
    onCopyStored: anchorImported,
    log: (o, m) => app.log.warn(o, m),
  });
  const health = new HealthService({
    db,
    clock,
    fetcher,
    jobs,
    copies: new CopyUpdates({ db, clock, fetcher, blobs, items }),
    reanchor: reanchorOnNewCopy,
    leftOnVersions: (itemId) => highlightsOnVersions(db, itemId),
    settings: config.linkHealth,
    log: (o, m) => app.log.warn(o, m),
  });
  registerHealthRoutes(app, { health, auth });
  const feedback = new FeedbackService({ db, mailer, supportEmail: config.supportEmail, accounts });

  const twoFactor = new TwoFactorService({
    db,
    clock,
    accounts,
    throttle: new SignInThrottle(db, clock),
    secretsKey: config.secretsKey,
    secret: config.sessionSecret,
  });
  registerAccountRoutes(app, { accounts, auth, secondStep: twoFactor });
  registerTwoFactorRoutes(app, { twoFactor, accounts, auth, secureCookies: config.secureCookies });
  registerFeedbackRoutes(app, { feedback, auth });
  registerStatsRoutes(app, { stats: new StatsService({ db, clock }), auth });
  registerTokenRoutes(app, { tokens: new TokensService({ db, clock, secret: config.sessionSecret }), auth });
  const review = new ReviewService({ db, clock, accounts });
  const digest = new ReviewDigest({
    db,
    clock,
    jobs,
    mailer,
    accounts,
    review,
    secret: config.secretsKey,
    publicUrl: config.publicUrl,
  });
  registerReviewRoutes(app, { review, digest, auth, secret: config.secretsKey, publicUrl: config.publicUrl });
  registerTagRoutes(app, { tags, items, auth });
  registerCaptureRoutes(app, { capture, auth, blobs });
  // annotations in a group's layer (their group scope); the members of the groups an item is shared
  // to hear of the sharer's own highlight changes on it
  const roster = new GroupLayerRoster({ db, bus });
  const groupLayer = new GroupLayerService({ db, clock, roster });
  const kindle = new KindleImportService({ db, clock, items, log: (o, m) => app.log.info(o, m) });
  const annotations = new AnnotationsService({
    db,
    clock,
    accounts,
    items,
    webhooks: webhookEvents,
    onChanged: (ids) => roster.ownAnnotationsChanged(ids),
  });
  await registerAnnotationRoutes(app, { annotations, kindle, auth });
  registerMcpRoutes(app, { auth, tools: libraryTools({ items, annotations, capture }) });
  await registerNoteRoutes(app, { notes: new NotesService({ db, clock, items, tags }), auth, blobs });
  const uploads = new UploadsService({ db, clock, blobs, jobs, items, tags, accounts });
  await registerUploadRoutes(app, { uploads, auth, blobs });
  const groups = new GroupsService({ db, clock, bus, accounts, items, layer: groupLayer, capture });
  const sharing = new SharingService({ db, clock, accounts, capture, uploads });
  registerSharingRoutes(app, {
    sharing,
    mail: new MailService({ db, clock, mailer, accounts, sharing, groups }),
    auth,
    blobs,
    publicUrl: config.publicUrl,
  });
  registerToolbarRoutes(app, {
    toolbar: new ToolbarService({ items, sharing }),
    auth,
    publicUrl: config.publicUrl,
  });
  registerExtensionRoutes(app, {
    extension: new ExtensionService({ items, jobs, blobs }),
    auth,
    zipFile: deps.extensionZip ?? DEFAULT_EXTENSION_ZIP,
  });
  const exportService = new ExportService({ db, items, blobs });
  registerExportRoutes(app, { exports: exportService, auth });
  const webdav = new WebdavService({ db, fetcher, exports: exportService, secretsKey: config.secretsKey });
  const googleDrive = new GoogleDriveService({
    db,
    clock,
    fetcher,
    exports: exportService,
    secretsKey: config.secretsKey,
    config: config.googleDrive,
  });
  registerDriveRoutes(app, {
    webdav,
    google: googleDrive,
    auth,
    publicUrl: config.publicUrl,
    secureCookies: config.secureCookies,
  });
  registerBlogRoutes(app, { blogs: new BlogsService({ db, fetcher, secretsKey: config.secretsKey }), auth });
  registerProfileRoutes(app, {
    profile: new ProfileService({ clock, accounts, items, tags }),
    copy: new CopyService({ db, clock, blobs, accounts, items, tags }),
    rss: new RssService({ db, clock, accounts, items }),
    auth,
    publicUrl: config.publicUrl,
  });
  const outliners = new OutlinersService({ db, clock, bus, accounts, items });
  const imported = new ImportedItems({ jobs });
  const imports = new ImportService({
    db,
    clock,
    blobs,
    jobs,
    accounts,
    kindle,
    outliners,
    webhooks: webhookEvents,
    publicUrl: config.publicUrl,
    restore: new FolioRestore({ db, clock, blobs, items, tags }),
    writer: new ImportWriter({
      db,
      clock,
      accounts,
      items,
      imported,
      tags,
      kindle,
      uploads,
      copies: new PageCopies({ blobs, imported }),
    }),
  });
  await registerImportRoutes(app, { imports, auth });
  registerWebhookRoutes(app, {
    webhooks: new WebhooksService({ db, fetcher, events: webhookEvents, secretsKey: config.secretsKey }),
    auth,
  });
  const connections = new ConnectionsService({ db, accounts });
  registerConnectionRoutes(app, {
    connections,
    clients: new OidcClients(config.oidcProviders, fetcher),
    auth,
    secondStep: twoFactor,
    clock,
    secretsKey: config.secretsKey,
    secureCookies: config.secureCookies,
    publicUrl: config.publicUrl,
  });
  await registerOutlinerRoutes(app, { outliners, auth, publicUrl: config.publicUrl });
  // the whole-library formats (docs/library-export.md); each is one line here
  const libraryReader = new LibraryReader({
    db,
    items,
    accounts,
    outliners,
    publicUrl: config.publicUrl ?? '',
  });
  const libraryFormats: LibraryFormat[] = [
    folioBackupFormat({ db, blobs, tags, clock }),
    ...openFormats(libraryReader, clock),
    webAnnotationsFormat({ db, blobs, tags, clock }),
  ];
  const backupSchedules = new BackupSchedules({
    db,
    clock,
    jobs,
    blobs,
    mailer,
    accounts,
    drives: { webdav, google_drive: googleDrive },
    publicUrl: config.publicUrl ?? '',
    log: (err, message) => app.log.warn({ err }, message),
  });
  const libraryExports = new LibraryExportService({
    db,
    clock,
    blobs,
    jobs,
    formats: libraryFormats,
    onScheduledEnd: (run) => backupSchedules.finished(run),
    log: (err, message) => app.log.warn({ err }, message),
  });
  registerLibraryExportRoutes(app, { exports: libraryExports, schedules: backupSchedules, auth, blobs });
  // the save form places a bookmark in outliners and groups
  const trash = new TrashService({ db, clock, accounts, items, jobs });
  registerTrashRoutes(app, { trash, auth });
  registerSavedSearchRoutes(app, {
    searches: new SavedSearchesService({ db, clock, accounts, items, secret: config.sessionSecret }),
    auth,
    publicUrl: config.publicUrl,
  });
  registerDuplicateRoutes(app, {
    duplicates: new DuplicatesService({ db, items, tags, annotations, outliners, sharing, groups }),
    auth,
  });
  registerItemRoutes(app, {
    items,
    auth,
    targets: { outliners, groups },
    pageTexts: [capture, uploads],
    publicUrl: config.publicUrl,
  });
  const gateway = deps.payments ?? new SandboxGateway(() => clock.now());
  const premiumDeps = {
    db,
    clock,
    mailer,
    gateway,
    accounts,
    secret: config.sessionSecret,
    secretsKey: config.secretsKey,
    commissionPercent: config.affiliateCommissionPercent,
    publicUrl: config.publicUrl,
    log: (error: unknown, message: string) => app.log.warn({ err: error }, message),
  };
  const gifts = new GiftsService(premiumDeps);
  const premiumInfo = new PremiumInfoService(premiumDeps, gifts);
  await registerPremiumRoutes(app, {
    premium: new PremiumService(premiumDeps, gifts),
    info: premiumInfo,
    gifts,
    auth,
    publicUrl: config.publicUrl,
    secureCookies: config.secureCookies,
    gateway,
  });
  await registerSettingsRoutes(app, {
    settings: new SettingsService({
      premium: premiumInfo,
      db,
      clock,
      mailer,
      jobs,
      accounts,
      outliners,
      connections,
      blobs,
      secret: config.sessionSecret,
    }),
    auth,
    blobs,
    publicUrl: config.publicUrl,
  });
  registerGroupRoutes(app, {
    groups,
    invitations: new InvitationsService({ db, clock, bus, mailer, accounts }),
    layer: groupLayer,
    auth,
    publicUrl: config.publicUrl,
  });
  const rules = new RulesService({
    db,
    clock,
    jobs,
    fetcher,
    accounts,
    items,
    tags,
    outliners,
    groups,
    publicUrl: config.publicUrl,
    log: (o, m) => app.log.warn(o, m),
  });
  registerRuleRoutes(app, { rules, auth });
  // page capture, thumbnails, PDF text, the removal of deleted files and the sweep of what a
  // crash left in the store (queued at boot by main.ts) run as background jobs
  registerJobHandlers(jobs, {
    capture,
    files: new FileJobs({ db, blobs, items }),
    sweep: blobSweepJob(jobs, {
      db,
      blobs,
      now: () => clock.now(),
      areas: {
        items: (userId) => blobKeysOf(db, userId),
        notes: (userId) => noteImageKeysOf(db, userId),
        pages: async (userId) => {
          // a page's earlier copies (Update copy) keep their pictures too
          const keys = await pictureKeysOf(db, userId);
          for (const key of await versionPictureKeysOf(db, userId)) keys.add(key);
          return keys;
        },
        avatars: (userId) => avatarKeysOf(db, userId),
        imports: (userId) => importKeysOf(db, userId),
        // the extension's rendered pages wait for their capture job as an import's copies do
        rendered: (userId) => importKeysOf(db, userId),
        'library-exports': (userId) => exportKeysOf(db, userId, clock.now()),
      },
    }),
    renewals: new Renewals(premiumDeps, jobs),
    trashPurge: trash.purgeJob(),
    linkHealth: health.definition(),
    rules,
    imports,
    libraryExports,
    backupSchedules,
    digest,
    resetMails: passwordResetMailJob({ db, clock, mailer, accounts, secret: config.sessionSecret }),
    webhooks: new WebhookDeliveries({
      db,
      clock,
      fetcher,
      jobs,
      mailer,
      accounts,
      secretsKey: config.secretsKey,
      publicUrl: config.publicUrl,
    }),
  });
  await registerLiveRoutes(app, {
    bus,
    auth,
    publicUrl: config.publicUrl,
    pingIntervalMs: deps.livePingIntervalMs,
  });
  registerDocsRoutes(app, { auth });
  registerSiteRoutes(app, { contentDir: config.contentDir, auth });
  binder(app, auth)(systemCalls.health, async () => ({ ok: true as const, db: database.kind }));
  registerOperationsRoutes(app, binder(app, auth), {
    database,
    blobs,
    jobs,
    lifecycle: deps.lifecycle ?? new Lifecycle(),
    metricsAllow: config.metricsAllow,
  });
  // a job's log lines carry the id of the request that queued it
  jobs.observe({
    started: (job) => app.log.info({ reqId: job.requestId, job: job.id, kind: job.kind }, 'job started'),
    finished: (job, outcome, seconds, err) =>
      app.log[outcome === 'succeeded' ? 'info' : 'warn'](
        { reqId: job.requestId, job: job.id, kind: job.kind, outcome, seconds, err },
        'job finished',
      ),
  });

  await registerWebApp(app, deps.webDir ?? DEFAULT_WEB_DIR, limits.notFound);
  return app;
}

/**
 * Vite names everything under assets/ by its content hash, so a browser may keep it for good; the
 * other files (theme-init.js, icons) keep their names across releases and are checked each time.
 */
export function webFileCaching(filePath: string, webDir: string): string {
  const relative = path.relative(webDir, filePath).split(path.sep);
  return relative[0] === 'assets' ? 'public, max-age=31536000, immutable' : 'no-cache';
}

const API_PREFIX =
  /^\/(api|interact_api|ditem_mana2|ditem_outliner|annotation_mana|tag_mana2|item|outliner|group_mana|group_api|message_mana|common|blog_this|s)\//;

/** An item's share page: the image Share modal's Embed tab offers it as an iframe for other sites. */
const SHARED_ITEM_PAGE = /^\/s\/[A-Za-z0-9_-]+$/;

/** Lets any site frame this answer: read-only, it holds nothing a framing page could click. */
function allowFraming(reply: FastifyReply) {
  reply.raw.removeHeader('x-frame-options');
  const csp = reply.raw.getHeader('content-security-policy');
  if (typeof csp === 'string') {
    reply.raw.setHeader('content-security-policy', csp.replace(/frame-ancestors [^;]*/, 'frame-ancestors *'));
  }
}

/** Serves the built React app: files by exact path, index.html for page routes, a 404 page otherwise. */
async function registerWebApp(app: FastifyInstance, webDir: string, notFoundLimit: RequestLimit) {
  const indexFile = path.join(webDir, 'index.html');
  const hasWeb = existsSync(indexFile);
  if (hasWeb) {
    // wildcard: false routes only the files that exist at start; the rest reach the page handler.
    // The build writes .br and .gz copies beside each text file (scripts/vite-precompress.ts):
    // preCompressed sends the one Accept-Encoding prefers, and the copies are not addresses of their own.
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      globIgnore: ['**/*.br', '**/*.gz'],
      // send's own Cache-Control (max-age=0) would overwrite the one set below
      cacheControl: false,
      setHeaders(res, filePath) {
        res.setHeader('cache-control', webFileCaching(filePath, webDir));
        res.setHeader('vary', 'Accept-Encoding');
      },
    });
  }
  const indexHtml = hasWeb
    ? readFileSync(indexFile, 'utf8')
    : '<!doctype html><title>Folio</title><p>The web app is not built: run npm run build:web.</p>';
  const htmlFor = hasWeb ? pageHtml(webDir, indexHtml) : () => indexHtml;

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0]!;
    // a page route wins over the API prefix: the side-area embed /outliner/{code}/{title} is a page
    const found = request.method === 'GET' && isPageRoute(pathname);
    const wantsPage = found || (request.method === 'GET' && !API_PREFIX.test(pathname));
    if (!found) await notFoundLimit(request);
    if (!wantsPage) return reply.status(404).send({ code: -1, message: MSG.notFound });
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
    if (found && SHARED_ITEM_PAGE.test(pathname)) allowFraming(reply);
    return reply.status(found ? 200 : 404).send(found ? htmlFor(pathname) : indexHtml);
  });
}
