import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError, type z } from 'zod';
import { MSG } from '../../shared/messages.ts';
import { HIGHLIGHT_OVER_QUOTA } from '../../shared/schemas/annotations.ts';
import { UPLOAD_MSG } from '../../shared/schemas/uploads.ts';
import { isConnectionLoss } from '../db/client.ts';

/** The small set of errors a service may throw; the handler below turns each into the spec's shape. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: number | string = -1,
    readonly field?: string,
  ) {
    super(message);
  }
}
export class ValidationError extends AppError {
  constructor(message: string, field?: string) {
    super(400, message, -1, field);
  }
}
export class UnauthorizedError extends AppError {
  constructor(message: string = MSG.notSignedIn) {
    super(401, message);
  }
}
export class PlanLimitError extends AppError {
  constructor(message: string, code: number | string = -2) {
    super(402, message, code);
  }
}
/** What a plan's quotas count (the users' *_used columns). */
export type QuotaKind = 'pdf' | 'image' | 'annotation' | 'outliner' | 'cachedPage';

/**
 * The spec's refusal of each quota. The outliner and cached-page words follow the spec's "Your ...
 * number is over quota" dialogs; no client shows them yet (a capture records 'quota' instead).
 */
const QUOTA_REFUSALS: Record<QuotaKind, { code: number; message: string }> = {
  pdf: { code: -2, message: UPLOAD_MSG.planLimitPdf },
  image: { code: -2, message: UPLOAD_MSG.planLimitImage },
  annotation: { code: HIGHLIGHT_OVER_QUOTA.code, message: HIGHLIGHT_OVER_QUOTA.message },
  outliner: { code: -2, message: 'Your outliner number is over quota' },
  cachedPage: { code: -2, message: 'Your cached page number is over quota' },
};

/** No unit of the plan's quota is left for this kind (AccountsService.reserveUsage / checkUsage). */
export class QuotaExceededError extends PlanLimitError {
  constructor(readonly kind: QuotaKind) {
    super(QUOTA_REFUSALS[kind].message, QUOTA_REFUSALS[kind].code);
  }
}
export class ForbiddenError extends AppError {
  constructor(message: string) {
    super(403, message);
  }
}
export class NotFoundError extends AppError {
  constructor(message: string = MSG.notFound) {
    super(404, message);
  }
}
export class ConflictError extends AppError {
  constructor(message: string, field?: string) {
    super(409, message, -1, field);
  }
}
export class RateLimitedError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, message);
  }
}

/** Parses input with a shared schema; the first problem becomes a 400 naming the field. */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  throw fromZod(result.error);
}

export function fromZod(error: ZodError): ValidationError {
  const issue = error.issues[0]!;
  const field = issue.path.map(String).join('.') || undefined;
  // Zod's own wording for a missing field is not user language; name the field instead.
  const message =
    issue.code === 'invalid_type' && issue.message.startsWith('Invalid input')
      ? `${field ?? 'input'} is required.`
      : issue.message;
  return new ValidationError(message, field);
}

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | AppError | ZodError, request, reply) => {
    if (err instanceof ZodError) err = fromZod(err);
    if (err instanceof AppError) {
      if (err instanceof RateLimitedError) reply.header('retry-after', String(err.retryAfterSeconds));
      return reply
        .status(err.status)
        .send({ code: err.code, message: err.message, ...(err.field ? { field: err.field } : {}) });
    }
    const status = (err as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, wrong content type, body too large.
      return reply.status(status).send({ code: -1, message: clientErrorMessage(err as FastifyError) });
    }
    if (isConnectionLoss(err)) {
      // the database went away under this request (restart, failover); the pool reconnects
      request.log.warn({ err, reqId: request.id }, 'database connection lost');
      reply.header('retry-after', '1');
      return reply.status(503).send({ code: -1, message: UNAVAILABLE_MESSAGE });
    }
    request.log.error({ err, reqId: request.id }, 'unhandled error');
    return reply.status(500).send({ code: -1, message: MSG.internal, requestId: request.id });
  });
}

export const UNAVAILABLE_MESSAGE = 'The service is briefly unavailable. Please try again in a moment.';

function clientErrorMessage(err: FastifyError): string {
  switch (err.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is not valid JSON.';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request is too large.';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'This content type is not accepted.';
    default:
      return 'The request is not valid.';
  }
}
