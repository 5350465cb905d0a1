// Forgot password: ask for a link (same answer for every address, rate limited), check a link, set the new password.

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  forgotPasswordRequest,
  forgotPasswordResponse,
  resetLinkResponse,
  resetPasswordRequest,
  resetToken,
} from '../../../shared/schemas/auth.js';
import { okResponse } from '../../../shared/schemas/common.js';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { HttpError } from '../../platform/errors.js';
import { errorDocs } from '../../platform/openapi.js';
import { takeRateSlots, tooManyRequests } from '../../platform/rate-limit.js';
import {
  findResetLink,
  RESET_LIMITS,
  RESET_LINK_INVALID,
  RESET_MAIL_SENT,
  RESET_TOO_MANY,
  requestPasswordReset,
  resetPassword,
} from './password-reset.service.js';

export function forgotPasswordRoutes(app: FastifyInstance, database: Database, config: Config): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/auth/forgot-password',
    {
      schema: {
        responseDocs: errorDocs({
          429: 'Too many tries: wait and try again (Retry-After says how many seconds).',
        }),
        body: forgotPasswordRequest,
        response: { 200: forgotPasswordResponse },
      },
      config: { public: true },
    },
    async (request, reply) => {
      const email = request.body.email.trim().toLowerCase();
      const retryAfter = await takeRateSlots(database.pool, [
        { key: `forgot:ip:${request.ip}`, ...RESET_LIMITS.perClient },
        { key: `forgot:email:${email}`, ...RESET_LIMITS.perEmail },
      ]);
      if (retryAfter > 0) throw tooManyRequests(reply, retryAfter, RESET_TOO_MANY);
      await requestPasswordReset(database, app.mail, email, app.publicBaseUrl());
      return { message: RESET_MAIL_SENT };
    },
  );

  // A malformed token is answered like an unknown one (not 404): the screen shows one message for every bad link.
  const checkToken = (token: string) => {
    if (!resetToken.safeParse(token).success) throw new HttpError(400, 'BAD_REQUEST', RESET_LINK_INVALID);
    return token;
  };

  api.get(
    '/api/auth/reset-password/:token',
    {
      schema: { params: z.object({ token: z.string().max(200) }), response: { 200: resetLinkResponse } },
      config: { public: true },
    },
    async (request) => {
      const link = await findResetLink(database.pool, checkToken(request.params.token));
      if (!link) throw new HttpError(400, 'BAD_REQUEST', RESET_LINK_INVALID);
      return { email: link.email };
    },
  );

  api.post(
    '/api/auth/reset-password/:token',
    {
      schema: {
        params: z.object({ token: z.string().max(200) }),
        body: resetPasswordRequest,
        response: { 200: okResponse },
      },
      config: { public: true },
    },
    async (request) => {
      await resetPassword(
        database,
        checkToken(request.params.token),
        request.body.newPassword,
        config.timeZone,
      );
      return { ok: true as const };
    },
  );
}
