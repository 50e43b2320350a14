import type { FastifyInstance } from 'fastify';
import {
  addBlogReplySchema,
  addBlogSchema,
  addPostReplySchema,
  addPostSchema,
  deleteBlogSchema,
  loadBlogsReplySchema,
  okReplySchema,
} from '../../../shared/schemas/blogs.ts';
import type { Auth } from '../../platform/auth/auth.ts';
import { contract, signedIn } from '../../platform/contract.ts';
import type { BlogsService } from './service.ts';

export function registerBlogRoutes(app: FastifyInstance, deps: { blogs: BlogsService; auth: Auth }) {
  const { blogs, auth } = deps;
  const r = contract(app);
  const preValidation = signedIn(auth);

  r.get(
    '/interact_api/load_blogs',
    {
      preValidation,
      schema: {
        summary: "One's blog accounts, each checked (blogger.getUsersBlogs); only valid ones are selectable",
        response: { 200: loadBlogsReplySchema },
      },
    },
    async (request) => {
      const user = await auth.requireUser(request);
      return { code: 1 as const, blogs: await blogs.list(user.id) };
    },
  );

  r.post(
    '/blog_this/add_blog',
    {
      preValidation,
      schema: {
        summary:
          'Add a blog account (MetaWeblog / Blogger XML-RPC end point); the password is stored encrypted',
        body: addBlogSchema,
        response: { 200: addBlogReplySchema },
      },
    },
    async (request) => {
      const user = await auth.requireUser(request);
      return { code: 1 as const, blog: await blogs.add(user.id, request.body) };
    },
  );

  r.post(
    '/blog_this/delete_blog',
    {
      preValidation,
      schema: {
        summary: "Delete one's blog account",
        body: deleteBlogSchema,
        response: { 200: okReplySchema },
      },
    },
    async (request) => {
      const user = await auth.requireUser(request);
      await blogs.remove(user.id, request.body.id);
      return { code: 1 as const };
    },
  );

  r.post(
    '/blog_this/add_post',
    {
      preValidation,
      schema: {
        summary: 'Publish a post (metaWeblog.newPost) to the chosen blogs, or as a draft',
        body: addPostSchema,
        response: { 200: addPostReplySchema },
      },
    },
    async (request) => {
      const user = await auth.requireUser(request);
      return blogs.addPost(user.id, request.body);
    },
  );
}
