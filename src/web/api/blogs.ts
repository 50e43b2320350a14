import { blogCalls } from '../../shared/api/blogs.ts';
import type { CallInput } from '../../shared/api/define.ts';
import { call } from './client.ts';

/** Blog accounts and Publish to blog (spec part 1 §3, §7; issue 18 part 4). */
export const loadBlogs = () => call(blogCalls.list).then((r) => r.blogs);

export const addBlog = (input: CallInput<typeof blogCalls.add>['body']) =>
  call(blogCalls.add, { body: input }).then((r) => r.blog);

export const deleteBlog = (id: number) => call(blogCalls.delete, { body: { id } });

/** The spec's Blog post payload, posting to the chosen stored accounts. */
export const addPost = (blogIds: number[], title: string, description: string, draft: boolean) =>
  call(blogCalls.addPost, {
    body: {
      postInfos: blogIds.join(','),
      blogInfoType: '',
      api: '',
      end_point: '',
      b_u_name: '',
      b_password: '',
      'content[title]': title,
      'content[description]': description,
      draft: draft ? '1' : '',
    },
  });
