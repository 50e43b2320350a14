import type { FastifyInstance } from 'fastify';
import { blogCalls } from '../../../shared/api/blogs.ts';
import type { Auth } from '../../platform/auth/auth.ts';
import { binder } from '../../platform/contract.ts';
import type { BlogsService } from './service.ts';

export function registerBlogRoutes(app: FastifyInstance, deps: { blogs: BlogsService; auth: Auth }) {
  const { blogs } = deps;
  const bind = binder(app, deps.auth);

  bind(blogCalls.list, async ({ user }) => ({ code: 1 as const, blogs: await blogs.list(user.id) }));

  bind(blogCalls.add, async ({ user, body }) => ({ code: 1 as const, blog: await blogs.add(user.id, body) }));

  bind(blogCalls.delete, async ({ user, body }) => {
    await blogs.remove(user.id, body.id);
    return { code: 1 as const };
  });

  bind(blogCalls.addPost, ({ user, body }) => blogs.addPost(user.id, body));
}
