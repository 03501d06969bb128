import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithStore } from 'shared/testing';
import type { ReviewableStay } from './reviewsApi';
import { ReviewDialog } from './ReviewDialog';

const stay = (side: 'stay' | 'guest'): ReviewableStay => ({
  booking_id: 9, room_id: 7, room_title: 'Cliff house', side, guest_name: 'Ada',
  start_date: '2026-11-20', end_date: '2026-11-23', review_until: '2026-12-07', my_review_published_at: null,
});

// Each case walks a dialog of seven radio groups by role queries, which jsdom answers slowly: under
// CI's load (the unit suites run niced beside the browser suites) one case took 31 s.
const WALK_MS = 90_000;

describe('ReviewDialog', () => {
  it("sends a stay's overall rating, its six categories and the text, and says when it publishes", async () => {
    const user = userEvent.setup();
    const { reads } = renderWithStore(<ReviewDialog stay={stay('stay')} onClose={() => {}} />, {
      answer: (read) => (read.rpc === 'submit_review' ? { data: '2026-12-08T00:00:00+00:00' } : { data: [] }),
    });
    const dialog = screen.getByRole('dialog', { name: 'Write a review' });
    await user.click(within(within(dialog).getByRole('group', { name: 'Overall rating' })).getByText('5 stars'));
    for (const name of ['Cleanliness', 'Accuracy', 'Check-in', 'Communication', 'Location', 'Value']) {
      const group = within(dialog).getByRole('group', { name });
      // From the keyboard: a radio group moves with the arrow keys.
      within(group).getByRole('radio', { name: '3 stars' }).focus();
      await user.keyboard('{ArrowRight}');
      expect(within(group).getByRole('radio', { name: '4 stars' })).toBeChecked();
    }
    await user.type(within(dialog).getByLabelText('Your review'), '  Lovely.  ');
    await user.click(within(dialog).getByRole('button', { name: 'Submit review' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      'Review submitted — published when your host reviews you or on Dec 8, 2026',
    );
    expect(reads.find((read) => read.rpc === 'submit_review')?.args).toEqual({
      p_booking_id: 9,
      p_rating: 5,
      p_categories: { cleanliness: 4, accuracy: 4, check_in: 4, communication: 4, location: 4, value: 4 },
      p_body: 'Lovely.',
    });
  }, WALK_MS);

  it("asks a host for the guest's rating and text only, and says what the server refused", async () => {
    const user = userEvent.setup();
    const { reads } = renderWithStore(<ReviewDialog stay={stay('guest')} onClose={() => {}} />, {
      answer: (read) => (read.rpc === 'submit_review' ? { error: { message: 'this stay is already reviewed', code: '23505' } } : { data: [] }),
    });
    const dialog = screen.getByRole('dialog', { name: 'Review Ada' });
    expect(within(dialog).queryByRole('group', { name: 'Cleanliness' })).not.toBeInTheDocument();
    await user.click(within(within(dialog).getByRole('group', { name: 'Rating' })).getByText('4 stars'));
    await user.type(within(dialog).getByLabelText('Your review of the guest'), 'Kind and tidy.');
    await user.click(within(dialog).getByRole('button', { name: 'Submit review' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('You have already reviewed this stay.');
    expect(reads.find((read) => read.rpc === 'submit_review')?.args).toMatchObject({ p_rating: 4, p_categories: null });
  }, WALK_MS);
});
