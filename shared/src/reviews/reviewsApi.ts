/**
 * Reviews after a stay (migration 20261128000600_reviews.sql): the caller's stays a review may be
 * written for now, as traveller ('stay') or as host ('guest'), from `reviewable_stays()`, which
 * decides by the server's day; and `submit_review`, which takes the author from the session. A
 * submitted pair publishes at once and changes the listing's figures, so its rooms are read again.
 */
import { api, clientOf, toApiError } from 'shared/api';
import type { ReviewCategory } from 'shared/rules';

export interface ReviewableStay {
  booking_id: number;
  room_id: number;
  room_title: string;
  /** 'stay': the caller stayed and reviews the place; 'guest': the caller hosts and reviews the traveller. */
  side: 'stay' | 'guest';
  guest_name: string;
  start_date: string;
  end_date: string;
  /** The last day a review may be written (ISO day). */
  review_until: string;
  /** When the caller's review publishes (or published); null before it is written. */
  my_review_published_at: string | null;
}

export interface ReviewInput {
  bookingId: number;
  rating: number;
  /** The six scores of a stay review; null for a host's review of the guest. */
  categories: Record<ReviewCategory, number> | null;
  body: string;
}

export const reviewsApi = api.enhanceEndpoints({ addTagTypes: ['Reviews'] }).injectEndpoints({
  endpoints: (build) => ({
    getReviewableStays: build.query<ReviewableStay[], void>({
      async queryFn(_arg, queryApi) {
        const result = await (await clientOf(queryApi)).rpc('reviewable_stays');
        if (result.error) return { error: toApiError('Error fetching the stays to review:', result.error) };
        return { data: result.data as ReviewableStay[] };
      },
      providesTags: ['Reviews'],
    }),
    submitReview: build.mutation<string, ReviewInput>({
      async queryFn({ bookingId, rating, categories, body }, queryApi) {
        const result = await (await clientOf(queryApi)).rpc('submit_review', {
          p_booking_id: bookingId,
          p_rating: rating,
          p_categories: categories,
          p_body: body,
        });
        if (result.error) return { error: toApiError('Error submitting the review:', result.error) };
        return { data: result.data as string };
      },
      invalidatesTags: ['Reviews', 'Rooms'],
    }),
  }),
});

export const { useGetReviewableStaysQuery, useSubmitReviewMutation } = reviewsApi;
