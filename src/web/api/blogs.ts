import type { AddBlogInput, AddPostReply, BlogItem } from '../../shared/schemas/blogs.ts';
import { api } from './client.ts';

/** Blog accounts and Publish to blog (spec part 1 §3, §7; issue 18 part 4). */
export const loadBlogs = () =>
  api.get<{ code: 1; blogs: BlogItem[] }>('/interact_api/load_blogs').then((r) => r.blogs);

export const addBlog = (input: AddBlogInput) =>
  api.post<{ code: 1; blog: BlogItem }>('/blog_this/add_blog', input).then((r) => r.blog);

export const deleteBlog = (id: number) => api.post<{ code: 1 }>('/blog_this/delete_blog', { id });

/** The spec's Blog post payload, posting to the chosen stored accounts. */
export const addPost = (blogIds: number[], title: string, description: string, draft: boolean) =>
  api.post<AddPostReply>('/blog_this/add_post', {
    postInfos: blogIds.join(','),
    blogInfoType: '',
    api: '',
    end_point: '',
    b_u_name: '',
    b_password: '',
    'content[title]': title,
    'content[description]': description,
    draft: draft ? '1' : '',
  });
