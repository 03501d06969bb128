/**
 * A trip's page and its cancellation on the composed site, at desktop and mobile sizes (issue
 * 16): 'View itinerary' opens /trips/:code with the place, the stay, the receipt and the policy;
 * cancelling asks first, refunds through the test processor (the refund recorded on the payment
 * and at the processor), frees the nights at once and shows the trip as CANCELLED. Someone else's
 * code is a trip not found; signed out, the page goes to sign in and comes back. axe finds no
 * serious violation on the trip, its dialog, or once cancelled.
 */
import { describeViolations, seriousViolations } from '../support/axe';
import { expect, test } from '../support/test';
import { problemsOf } from '../support/problems';
import { anonClient, freeStay, newUser, payThroughApi, serviceClient, serviceRoleKey, signInContext, siteConfig } from './checkoutSupport';

/** The booked nights of a room, as the calendars read them. */
async function bookedRanges(roomId: number): Promise<{ start_date: string; end_date: string }[]> {
  const { data, error } = await (await anonClient()).rpc('room_booked_ranges', { room_id: roomId });
  if (error) throw error;
  return data as { start_date: string; end_date: string }[];
}

test.describe('a trip', () => {
  test('View itinerary opens the trip; cancelling it asks, refunds in full, frees the nights and shows CANCELLED', async ({ page, context }) => {
    const user = await newUser('trip-cancel');
    const stay = await freeStay(3);
    const code = await payThroughApi(user, stay);
    expect(await bookedRanges(stay.roomId)).toContainEqual({ start_date: stay.start, end_date: stay.end });
    await signInContext(context, user);
    const problems = problemsOf(page);

    await page.goto('/trips');
    const card = page.getByRole('list', { name: 'Your trips' }).getByRole('article').first();
    await expect(card.getByText('UPCOMING', { exact: true })).toBeVisible();
    await card.getByRole('link', { name: 'View itinerary' }).click();
    await expect(page).toHaveURL(new RegExp(`/trips/${code}$`));

    await expect(page.getByRole('heading', { level: 1, name: stay.title })).toBeVisible();
    await expect(page.getByText('UPCOMING', { exact: true })).toBeVisible();
    await expect(page.getByRole('img', { name: /^Map showing / })).toBeVisible();
    const receipt = page.getByRole('region', { name: 'Receipt' });
    await expect(receipt.getByText(code, { exact: true })).toBeVisible();
    await expect(receipt.getByText(/ x 3 nights$/)).toBeVisible();
    await expect(receipt.getByText('Cleaning fee')).toBeVisible();
    const total = (await receipt.getByText('Total charged (USD)').locator('xpath=following-sibling::dd').textContent()) ?? '';
    expect(total).toMatch(/^\$[\d,]+\.\d\d$/);

    const policy = page.getByRole('region', { name: 'Cancellation policy' });
    await expect(policy.getByText('Free cancellation for 48 hours')).toBeVisible();
    await expect(policy.getByText(`If you cancel now, you get back the full ${total}.`)).toBeVisible();
    expect(problems).toEqual([]);
    // (axe's own injected styles meet the site's CSP: what the page logs from here on is not checked until it reloads.)
    expect(describeViolations(await seriousViolations(page))).toEqual([]);

    // The dialog asks first, from the keyboard too; keeping the trip changes nothing.
    const cancelButton = policy.getByRole('button', { name: 'Cancel trip' });
    await cancelButton.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Cancel this trip?' });
    await expect(dialog.getByRole('button', { name: 'Keep trip' })).toBeFocused();
    expect(describeViolations(await seriousViolations(page))).toEqual([]);
    await page.screenshot({ path: test.info().outputPath('cancel-dialog.png') });
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(cancelButton).toBeFocused();
    await cancelButton.click();
    await dialog.getByRole('button', { name: 'Keep trip' }).click();
    await expect(dialog).toBeHidden();
    expect(await bookedRanges(stay.roomId)).toContainEqual({ start_date: stay.start, end_date: stay.end });

    await policy.getByRole('button', { name: 'Cancel trip' }).click();
    await dialog.getByRole('button', { name: 'Cancel trip' }).click();
    await expect(policy.getByText(`Your trip is cancelled. ${total} is on its way back to your card.`)).toBeVisible();
    await expect(page.getByText('CANCELLED', { exact: true })).toBeVisible();
    await expect(receipt.getByText('Refunded')).toBeVisible();
    await expect(policy.getByRole('button', { name: 'Cancel trip' })).toHaveCount(0);
    expect(describeViolations(await seriousViolations(page))).toEqual([]);

    // The refund is recorded on the payment and made at the processor; the nights are free.
    const service = await serviceClient();
    const { data: payment } = await service
      .from('Payments')
      .select('amount, refund_amount, refund_id, stripe_payment_intent_id, booking:Bookings(status)')
      .like('id', `${code}-%`)
      .single();
    expect(payment).toMatchObject({ refund_amount: payment!.amount, booking: { status: 'cancelled' } });
    expect(payment!.refund_id).toMatch(/^re_/);
    const { supabaseUrl } = await siteConfig();
    const intent = await fetch(`${supabaseUrl}/payments/v1/payment_intents/${payment!.stripe_payment_intent_id}`, {
      headers: { Authorization: `Bearer ${serviceRoleKey()}` },
    }).then((r) => r.json() as Promise<{ amount_refunded: number }>);
    expect(intent.amount_refunded).toBe(Math.round(Number(payment!.amount) * 100));
    expect(await bookedRanges(stay.roomId)).not.toContainEqual({ start_date: stay.start, end_date: stay.end });

    // Loaded afresh (rendered by the server, then hydrated), it is still CANCELLED; the list says so too.
    problems.length = 0;
    await page.reload();
    await expect(page.getByText('CANCELLED', { exact: true })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Receipt' }).getByText('Refunded')).toBeVisible();
    await page.getByRole('link', { name: 'All trips' }).click();
    await expect(page.getByRole('list', { name: 'Your trips' }).getByRole('article').first().getByText('CANCELLED', { exact: true })).toBeVisible();
    expect(problems).toEqual([]);
  });

  test("another traveller's code is a trip not found", async ({ page, context }) => {
    const owner = await newUser('trip-owner');
    const code = await payThroughApi(owner, await freeStay(1));
    await signInContext(context, await newUser('trip-stranger'));
    const problems = problemsOf(page);
    await page.goto(`/trips/${code}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Trip not found' })).toBeVisible();
    expect(problems).toEqual([]);
    await page.getByRole('link', { name: 'See your trips' }).click();
    await expect(page).toHaveURL(/\/trips$/);
  });

  test('signed out: to /login after 1 s, asked to come back to the trip', async ({ page }) => {
    const started = Date.now();
    await page.goto('/trips/HMABCDEF12');
    await page.waitForURL('**/login?next=%2Ftrips%2FHMABCDEF12', { timeout: 5000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
  });
});
