/**
 * A listing's published reviews (migration 20261128000600_reviews.sql): its category averages
 * from `room_review_scores` (none before its first published review) and its four latest written
 * reviews. Row-level security keeps unpublished reviews from everyone but their author; the
 * author's own is left out here by its publication time.
 */
import { api, clientOf, toApiError } from 'shared/api';

export interface CategoryScores {
  cleanliness: number;
  accuracy: number;
  check_in: number;
  communication: number;
  location: number;
  value: number;
}

export interface ListedReview {
  id: number;
  author_name: string;
  author_location: string;
  body: string;
  created_at: string;
}

export interface RoomReviews {
  scores: CategoryScores | null;
  latest: ListedReview[];
}

const LATEST = 4;

export const reviewsApi = api.enhanceEndpoints({ addTagTypes: ['Reviews'] }).injectEndpoints({
  endpoints: (build) => ({
    getRoomReviews: build.query<RoomReviews, number>({
      async queryFn(roomId, queryApi) {
        const supabase = await clientOf(queryApi);
        const [scores, latest] = await Promise.all([
          supabase
            .from('room_review_scores')
            .select('cleanliness, accuracy, check_in, communication, location, value')
            .eq('room_id', roomId)
            .maybeSingle<CategoryScores>(),
          supabase
            .from('reviews')
            .select('id, author_name, author_location, body, created_at')
            .eq('room_id', roomId)
            .eq('kind', 'stay')
            .neq('body', '')
            .lte('published_at', new Date().toISOString())
            .order('published_at', { ascending: false })
            .order('id', { ascending: false })
            .limit(LATEST),
        ]);
        const error = scores.error ?? latest.error;
        if (error) return { error: toApiError(`Error fetching the reviews of room ${roomId}:`, error) };
        return { data: { scores: scores.data, latest: latest.data as ListedReview[] } };
      },
      providesTags: (_result, _error, roomId) => [{ type: 'Reviews', id: roomId }],
    }),
  }),
});

export const { useGetRoomReviewsQuery } = reviewsApi;
