import { describe, expect, it } from 'vitest';
import { chunkNamer, type ModuleGraph } from '../scripts/vite-chunks.ts';

const WEB = '/app/src/web';
const LUCIDE = '/app/node_modules/lucide-react/dist/esm/lucide-react.mjs';
const icon = (name: string) => `/app/node_modules/lucide-react/dist/esm/icons/${name}.mjs`;
const page = {
  library: `${WEB}/features/library/LibraryPage.tsx`,
  signIn: `${WEB}/features/auth/SignInPage.tsx`,
  signUp: `${WEB}/features/auth/SignUpPage.tsx`,
  home: `${WEB}/features/home/HomePage.tsx`,
  item: `${WEB}/features/item/ItemPage.tsx`,
  tags: `${WEB}/features/tags/TagsPage.tsx`,
};

/** A small app: each module with its static imports, dynamic imports and code. */
const modules: Record<string, { imports?: string[]; lazy?: string[]; code?: string }> = {
  [`${WEB}/main.tsx`]: { imports: [`${WEB}/zod-config.ts`, `${WEB}/shell.tsx`, `${WEB}/routes.tsx`] },
  [`${WEB}/zod-config.ts`]: {},
  [`${WEB}/shell.tsx`]: { imports: [LUCIDE], code: `import { Menu } from 'lucide-react';` },
  [`${WEB}/routes.tsx`]: { lazy: Object.values(page) },
  [LUCIDE]: {
    imports: [icon('menu'), icon('plus'), icon('trash-2'), icon('key')],
    code: [
      `export { default as Menu, default as MenuIcon } from './icons/menu.mjs';`,
      `export { default as Plus } from './icons/plus.mjs';`,
      `export { default as Trash2 } from './icons/trash-2.mjs';`,
      `export { default as Key } from './icons/key.mjs';`,
    ].join('\n'),
  },
  [page.library]: {
    imports: [`${WEB}/ItemRow.tsx`, `${WEB}/TextField.tsx`, `${WEB}/lib-only.ts`, LUCIDE],
    lazy: [`${WEB}/Dialog.tsx`, `${WEB}/Preview.tsx`],
    code: `import { Plus, Trash2 as Bin } from 'lucide-react';`,
  },
  [page.signIn]: {
    imports: [`${WEB}/TextField.tsx`, `${WEB}/auth-form.ts`, LUCIDE],
    code: `import { Key } from 'lucide-react'`,
  },
  [page.signUp]: { imports: [`${WEB}/auth-form.ts`, `${WEB}/schemas.ts`] },
  [page.home]: { imports: [`${WEB}/lib-only.ts`] },
  [page.item]: { imports: [`${WEB}/ItemRow.tsx`, `${WEB}/item-only.ts`, `${WEB}/Preview.tsx`] },
  [page.tags]: { imports: [`${WEB}/ItemRow.tsx`, `${WEB}/item-only.ts`] },
  [`${WEB}/ItemRow.tsx`]: { imports: [`${WEB}/TextField.tsx`] },
  [`${WEB}/TextField.tsx`]: {},
  [`${WEB}/lib-only.ts`]: {},
  [`${WEB}/auth-form.ts`]: {},
  [`${WEB}/schemas.ts`]: { imports: ['/app/node_modules/zod/index.js'] },
  '/app/node_modules/zod/index.js': {},
  [`${WEB}/item-only.ts`]: {},
  [`${WEB}/Preview.tsx`]: {},
  [`${WEB}/Dialog.tsx`]: { imports: [`${WEB}/TextField.tsx`] },
  [icon('menu')]: {},
  [icon('plus')]: {},
  [icon('trash-2')]: {},
  [icon('key')]: {},
};

const graph: ModuleGraph = {
  getModuleInfo: (id) => {
    const m = modules[id];
    if (!m) return null;
    return {
      code: m.code ?? '',
      importedIds: m.imports ?? [],
      dynamicallyImportedIds: m.lazy ?? [],
      dynamicImporters: Object.entries(modules)
        .filter(([, other]) => other.lazy?.includes(id))
        .map(([other]) => other),
    };
  },
};

describe('chunkNamer', () => {
  const name = chunkNamer(`${WEB}/main.tsx`, `${WEB}/routes.tsx`, page.library);
  const chunkOf = (id: string) => name(id, graph);

  it("puts the library's code in chunks named by which other pages share it", () => {
    expect(chunkOf(`${WEB}/lib-only.ts`)).toBe('library-home');
    expect(chunkOf(`${WEB}/ItemRow.tsx`)).toBe('library-pages');
    expect(chunkOf(`${WEB}/TextField.tsx`)).toBe('library-signin-pages');
  });

  it('gives each icon the pages that name it, not every page that imports lucide-react', () => {
    expect(chunkOf(icon('plus'))).toBe('library');
    expect(chunkOf(icon('trash-2'))).toBe('library');
    expect(chunkOf(icon('key'))).toBe('signin');
    expect(chunkOf(icon('menu'))).toBe('app');
  });

  it('keeps the sign-in page apart from the other auth pages (sign-up reaches zod)', () => {
    expect(chunkOf(`${WEB}/auth-form.ts`)).toBe('signin-pages');
    expect(chunkOf(`${WEB}/schemas.ts`)).toMatch(/^pages-[0-9a-f]{8}$/);
    expect(chunkOf('/app/node_modules/zod/index.js')).toBe('zod');
    expect(chunkOf(`${WEB}/zod-config.ts`)).toBe('zod-config');
  });

  it('names other pages by their exact set', () => {
    expect(chunkOf(`${WEB}/item-only.ts`)).toMatch(/^pages-[0-9a-f]{8}$/);
    expect(chunkOf(`${WEB}/item-only.ts`)).not.toBe(chunkOf(`${WEB}/schemas.ts`));
  });

  it('leaves page modules, lazily imported modules and the entry itself to rolldown', () => {
    expect(chunkOf(page.library)).toBeNull();
    expect(chunkOf(`${WEB}/Preview.tsx`)).toBeNull();
    expect(chunkOf(`${WEB}/Dialog.tsx`)).toBeNull();
    expect(chunkOf(`${WEB}/main.tsx`)).toBeNull();
    expect(chunkOf(`${WEB}/shell.tsx`)).toBe('app');
  });
});
