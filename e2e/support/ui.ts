import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { ADMIN_PASSWORD } from './server.js';

/** The open dialog or side panel with this title (antd modals and drawers are both role=dialog). */
export function panel(page: Page, title: string): Locator {
  return page.getByRole('dialog').filter({ has: page.getByText(title, { exact: true }) });
}

/** A notice of antd's message (登录成功, 新增产线成功 …). */
export function message(page: Page, text: string): Locator {
  return page.locator('.ant-message').getByText(text).first();
}

/** A field's validation message under a form item. */
export function fieldError(scope: Locator, text: string): Locator {
  return scope.locator('.ant-form-item-explain-error').getByText(text, { exact: true });
}

/**
 * Opens the select labelled `label` inside `scope`, picks the option containing `option` and
 * waits until the select shows it. On a loaded machine a click can land while a dropdown is
 * still easing in or another one easing out and be lost (CI saw the next field never appear),
 * so a pick that did not take is tried again, up to three times.
 */
export async function pickOption(page: Page, scope: Locator, label: string, option: string): Promise<void> {
  const field = scope.getByLabel(label, { exact: true });
  // what the select shows once chosen (antd 6 writes it beside the input, in the select's box)
  const shown = () =>
    field.evaluate((input) => {
      const box = input.closest('.ant-select');
      const placeholder = box?.querySelector('.ant-select-placeholder')?.textContent ?? '';
      // a searchable select may show the choice as its input's value
      return `${(box?.textContent ?? '').replace(placeholder, '')} ${(input as HTMLInputElement).value}`;
    });
  // this select's own list (rc-select names it after the input), not a list of another select still easing out
  const id = await field.getAttribute('id');
  const list = page.locator('.ant-select-dropdown:visible').filter({ has: page.locator(`[id="${id}_list"]`) });
  const options = list.locator('.ant-select-item-option').filter({ hasText: option });
  for (let attempt = 1; ; attempt += 1) {
    // open it unless it is open (Escape would close the drawer around it, not just the list)
    if ((await list.count()) === 0) await field.click();
    await options.first().click();
    try {
      await expect.poll(shown, { timeout: 3000 }).toContain(option);
      return;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

/** The path the page is on. */
export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

/** The admin signed in on the console's login page (the server runs with CAPTCHA=off), landed on 数据中心. */
export async function signInAsAdmin(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('用户名').fill('admin');
  await page.getByLabel('密码').fill(ADMIN_PASSWORD);
  await page.getByLabel('密码').press('Enter');
  await expect.poll(() => pathOf(page), { timeout: 5000 }).toBe('/dataCenter');
}

/** A screenshot once antd's loading masks have faded back and no transition is running (the wall clock's may). */
export async function settledScreenshot(page: Page, file: string, options: { fullPage?: boolean } = {}): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const faded = [...document.querySelectorAll('.ant-spin-container')].every((box) => getComputedStyle(box).opacity === '1');
          const moving = document.getAnimations().filter((animation) => animation.effect?.getTiming().iterations !== Infinity && animation.playState === 'running');
          return faded && moving.length === 0;
        }),
      { timeout: 5000 },
    )
    .toBe(true);
  await page.screenshot({ path: file, fullPage: options.fullPage ?? false });
}
