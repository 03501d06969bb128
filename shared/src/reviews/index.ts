/** shared/reviews: reviews after a stay, the trips page's (account) and the hosting page's (hosting) way to write one. */
export { useGetReviewableStaysQuery, type ReviewableStay } from './reviewsApi';
export { StayReviewAction } from './StayReviewAction';
