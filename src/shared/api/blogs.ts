import {
  addBlogReplySchema,
  addBlogSchema,
  addPostReplySchema,
  addPostSchema,
  deleteBlogSchema,
  loadBlogsReplySchema,
  okReplySchema,
} from '../schemas/blogs.ts';
import { defineCall } from './define.ts';

export const blogCalls = {
  list: defineCall({
    method: 'GET',
    path: '/interact_api/load_blogs',
    summary: "One's blog accounts, each checked (blogger.getUsersBlogs); only valid ones are selectable",
    caller: 'session',
    reply: loadBlogsReplySchema,
  }),
  add: defineCall({
    method: 'POST',
    path: '/blog_this/add_blog',
    summary: 'Add a blog account (MetaWeblog / Blogger XML-RPC end point); the password is stored encrypted',
    caller: 'session',
    body: addBlogSchema,
    reply: addBlogReplySchema,
  }),
  delete: defineCall({
    method: 'POST',
    path: '/blog_this/delete_blog',
    summary: "Delete one's blog account",
    caller: 'session',
    body: deleteBlogSchema,
    reply: okReplySchema,
  }),
  addPost: defineCall({
    method: 'POST',
    path: '/blog_this/add_post',
    summary: 'Publish a post (metaWeblog.newPost) to the chosen blogs, or as a draft',
    caller: 'session',
    body: addPostSchema,
    reply: addPostReplySchema,
  }),
};
