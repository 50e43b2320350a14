import path from 'node:path';
import { expect, type Page } from '@playwright/test';

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

/** A fresh valid user name per call (letter first, 6-16 characters). */
export function uniqueName(prefix: string): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36).slice(-6)}${counter}`.slice(0, 16);
}

export async function signUp(page: Page, name: string, password = 'secret123') {
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
