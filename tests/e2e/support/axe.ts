import AxeBuilder from '@axe-core/playwright';
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { THEME_STORAGE_KEY, type Theme } from '../../../src/web/lib/theme.js';

export const THEMES: readonly Theme[] = ['light', 'dark'];

/** The theme the app reads at its next load. */
export async function chooseTheme(page: Page, theme: Theme): Promise<void> {
  await page.evaluate(([key, value]) => window.localStorage.setItem(key, value), [THEME_STORAGE_KEY, theme] as const);
}

/** axe finds nothing serious or critical in the page's main content. */
export async function expectNoBlockingViolations(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page })
    .include('main')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const blocking = results.violations.filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''));
  expect(
    blocking.map((violation) => `${violation.id}: ${violation.help}`),
    label,
  ).toEqual([]);
}
