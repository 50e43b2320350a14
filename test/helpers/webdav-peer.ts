import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { v2 as webdav } from 'webdav-server';

export interface WebdavPeer {
  /** the server's root URL, with its trailing slash */
  url: string;
  /** the folder on disk its files land in */
  root: string;
  close(): Promise<void>;
}

/**
 * A real WebDAV server (webdav-server) on 127.0.0.1 with one user who may do anything, its files
 * on disk: the peer the drive tests and journeys send exports to.
 */
export async function startWebdavPeer(user = 'ann', password = 'app-pass-1'): Promise<WebdavPeer> {
  const root = mkdtempSync(path.join(tmpdir(), 'folio-dav-'));
  const users = new webdav.SimpleUserManager();
  const account = users.addUser(user, password, false);
  const privileges = new webdav.SimplePathPrivilegeManager();
  privileges.setRights(account, '/', ['all']);
  const server = new webdav.WebDAVServer({
    httpAuthentication: new webdav.HTTPBasicAuthentication(users, 'Folio test'),
    privilegeManager: privileges,
    requireAuthentification: true,
  });
  await new Promise<void>((resolve, reject) =>
    server.setFileSystem('/', new webdav.PhysicalFileSystem(root), (ok) =>
      ok ? resolve() : reject(new Error('the WebDAV peer could not use its folder')),
    ),
  );
  const http = createServer((req, res) => server.executeRequest(req, res));
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(http.address() as AddressInfo).port}/`,
    root,
    close: () => new Promise((resolve) => http.close(() => resolve())),
  };
}
