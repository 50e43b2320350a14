import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  faultXml,
  methodResponseXml,
  parseMethodCall,
  type XmlRpcValue,
} from '../../src/server/modules/blogs/xmlrpc.ts';

export interface ReceivedPost {
  blogId: XmlRpcValue;
  user: string;
  content: Record<string, XmlRpcValue>;
  publish: boolean;
}

/**
 * A real HTTP XML-RPC blog (MetaWeblog / Blogger APIs) for tests: one user and password, its
 * posts recorded. `mode` 'fault' answers every call with a fault; 'slow' never answers, and
 * `callArrived` resolves when such a call is in so the test can fire the fetch deadline.
 * `answerDelayMs` makes every answer take that long, as a real blog's would, so calls sent in
 * parallel overlap here; `calls` counts them and `peakOpen` is the most open at once.
 */
export async function startXmlRpcBlog(opts: { user: string; password: string; answerDelayMs?: number }) {
  const posts: ReceivedPost[] = [];
  const load = { calls: 0, open: 0, peakOpen: 0 };
  let mode: 'ok' | 'fault' | 'slow' = 'ok';
  const held: ServerResponse[] = [];
  let arrived: () => void = () => {};
  let callArrived = new Promise<void>((r) => {
    arrived = r;
  });

  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    load.calls++;
    load.open++;
    load.peakOpen = Math.max(load.peakOpen, load.open);
    res.once('close', () => load.open--);
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    if (opts.answerDelayMs) await new Promise((r) => setTimeout(r, opts.answerDelayMs));
    const reply = (xml: string) => {
      res.writeHead(200, { 'content-type': 'text/xml; charset=utf-8' });
      res.end(xml);
    };
    if (req.method !== 'POST' || !String(req.headers['content-type']).startsWith('text/xml')) {
      res.writeHead(405).end();
      return;
    }
    const { method, params } = parseMethodCall(Buffer.concat(chunks).toString('utf8'));
    if (mode === 'slow') {
      held.push(res);
      arrived();
      return;
    }
    if (mode === 'fault') return reply(faultXml(500, 'Blog is down for maintenance'));
    const [a, user, password] = params;
    if (method === 'blogger.getUsersBlogs') {
      if (user !== opts.user || password !== opts.password)
        return reply(faultXml(403, 'Incorrect username or password.'));
      return reply(
        methodResponseXml([{ blogid: '1', blogName: 'Test blog', url: 'http://blog.test/', isAdmin: true }]),
      );
    }
    if (method === 'metaWeblog.newPost') {
      if (user !== opts.user || password !== opts.password)
        return reply(faultXml(403, 'Incorrect username or password.'));
      posts.push({
        blogId: a!,
        user: String(user),
        content: params[3] as Record<string, XmlRpcValue>,
        publish: params[4] === true,
      });
      return reply(methodResponseXml(String(posts.length)));
    }
    reply(faultXml(-32601, `server error. requested method ${method} does not exist.`));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/xmlrpc.php`,
    posts,
    load,
    setMode(m: typeof mode) {
      mode = m;
      callArrived = new Promise<void>((r) => {
        arrived = r;
      });
    },
    get callArrived() {
      return callArrived;
    },
    async close() {
      for (const r of held) r.destroy();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
