// Reviews after a stay: the trips page's and the hosting page's way to write one.
export { useGetReviewableStaysQuery, type ReviewableStay } from './api/reviewsApi';
export { StayReviewAction } from './components/StayReviewAction';
