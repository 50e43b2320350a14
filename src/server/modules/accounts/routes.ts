import type { FastifyInstance } from 'fastify';
import { MSG } from '../../../shared/messages.ts';
import { signInSchema } from '../../../shared/schemas/auth.ts';
import type { Auth } from '../../platform/auth/auth.ts';
import { ConflictError, parse } from '../../platform/errors.ts';
import type { AccountsService } from './service.ts';

export function registerAccountRoutes(app: FastifyInstance, deps: { accounts: AccountsService; auth: Auth }) {
  const { accounts, auth } = deps;

  app.post('/api/auth/sign-up', async (request, reply) => {
    // signing up would silently end the session of the account already signed in here
    if (await auth.currentUser(request)) throw new ConflictError(MSG.signUpWhileSignedIn);
    const user = await accounts.signUp(request.body as never);
    await auth.startSession(request, reply, user.id);
    auth.devices.remember(reply, user.id, null);
    return { code: 1, name: user.name };
  });

  app.post('/api/auth/sign-in', async (request, reply) => {
    const input = parse(signInSchema, request.body);
    const device = auth.devices.read(request);
    const user = await accounts.signIn(input, { ip: request.ip, device });
    await auth.startSession(request, reply, user.id);
    auth.devices.remember(reply, user.id, device);
    return { code: 1, name: user.name };
  });

  app.post('/api/auth/sign-out', async (request, reply) => {
    await auth.endSession(request, reply);
    return { code: 1 };
  });

  app.get('/interact_api/load_user_info', async (request, reply) => {
    const user = await auth.currentUser(request);
    reply.header('cache-control', 'no-store');
    return accounts.userInfo(user?.id ?? null);
  });
}
