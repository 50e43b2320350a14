import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';

/** The server's data directory (playwright.config.ts makes it); mail lands in its outbox. */
export const DATA_DIR = process.env.FOLIO_E2E_DATA_DIR ?? '';
export const OUTBOX_DIR = path.join(DATA_DIR, 'outbox');

/** Accounts e2e/start-server.sh creates before the server starts. */
export const SEEDED = {
  premium: { name: 'premiumuser1', password: 'secret123' },
  teacher: { name: 'teacheruser1', password: 'secret123' },
  student: { name: 'studentuser1', password: 'secret123' },
  /** a free user one highlight short of the plan's quota */
  quota: { name: 'quotauser1', password: 'secret123' },
  /** a free user at the PDF quota, who buys a plan in the premium journey */
  payQuota: { name: 'payquotauser1', password: 'secret123' },
} as const;

let counter = 0;

/**
 * A fresh valid user name per call (letter first, 6-16 characters), unique across the workers
 * that run journeys side by side: the worker's index and its own count end the name, and the
 * prefix gives way when they need the room.
 */
export function uniqueName(prefix: string): string {
  counter += 1;
  const worker = Number(process.env.TEST_WORKER_INDEX ?? 0);
  const suffix = `${Date.now().toString(36).slice(-5)}${worker.toString(36)}${counter.toString(36)}`;
  return `${prefix.slice(0, 16 - suffix.length)}${suffix}`;
}

/** The app's origin (playwright.config.ts baseURL): what the web app sends as `origin` on its POSTs. */
export function appOrigin(): string {
  return new URL(test.info().project.use.baseURL!).origin;
}

/**
 * Signs a new user up through the call the sign-up form makes (POST /api/auth/sign-up); the page's
 * browser context keeps the session cookie, and no page is loaded: the journey goes straight to
 * its own. Only the journeys of signing up and in use the forms (signUpWithForm, signIn).
 */
export async function signUpByApi(page: Page, name: string, password = 'secret123') {
  const res = await page.request.post('/api/auth/sign-up', {
    data: { name, email: `${name}@example.com`, password },
    headers: { origin: appOrigin() },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

/** A new user signed up through the API, on their library: where the sign-up form lands. */
export async function signUp(page: Page, name: string, password = 'secret123') {
  await signUpByApi(page, name, password);
  await page.goto(`/user/${name}`);
}

/** A new user signed up through the form, as a person does (the sign-up journeys). */
export async function signUpWithForm(page: Page, name: string, password = 'secret123') {
  await page.goto('/sign-up');
  await page.getByLabel('Username').fill(name);
  await page.getByLabel('Email').fill(`${name}@example.com`);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await page.waitForURL(`/user/${name}`);
}

export async function signIn(page: Page, nameOrEmail: string, password: string) {
  await page.goto('/sign-in');
  await page.getByLabel('Username or email').fill(nameOrEmail);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

export async function openUserMenu(page: Page) {
  await page.getByRole('button', { name: /^Account menu for/ }).click();
  // the menu's code arrives with the first press (issue 14): the menu opens a moment later
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem').first()).toBeVisible();
  return menu;
}
